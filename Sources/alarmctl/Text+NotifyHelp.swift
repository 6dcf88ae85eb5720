/// `alarmctl notify --help` stays English, as alarmctl's other help (docs/TRANSLATIONS.md); apart
/// from the translated messages so that xgettext, which reads Swift as C, never meets a
/// multi-line literal.
extension Text {
    /// `alarmctl notify --help`: notify-send's help, with our options added.
    static let notifyHelp = """
        Usage:
          alarmctl notify [OPTION…] <SUMMARY> [BODY] - create a notification

        Help Options:
          -?, --help                        Show help options

        Application Options:
          -u, --urgency=LEVEL               Specifies the urgency level (low, normal, critical).
          -t, --expire-time=TIME            Specifies the timeout in milliseconds at which to expire the notification (-1: the server's default, 0: never).
          -a, --app-name=APP_NAME           Specifies the app name for the notification (default: alarmctl).
          -i, --icon=ICON                   Specifies an icon filename or stock icon to display.
          -c, --category=TYPE[,TYPE...]     Specifies the notification category.
          -e, --transient                   Create a transient notification
          -h, --hint=TYPE:NAME:VALUE        Specifies basic extra data to pass. Valid types are boolean, int, double, string, byte and variant.
          -p, --print-id                    Print the notification ID.
          -r, --replace-id=REPLACE_ID       The ID of the notification to replace.
          -w, --wait                        Wait for the notification to be closed before exiting.
          -A, --action=[NAME=]Text...       Specifies the actions to display to the user. Implies --wait to wait for user input. May be set multiple times. The name of the action is output to stdout. If NAME is not specified, the numerical index of the option is used (starting with 0).
          -v, --version                     Version of the package.

        OpenAlarmKit Options:
          --sound=NAME|PATH                 Play a sound with the popup: a name (see `alarmctl sound list`) or a file. Without a wait it plays once, to its end; with one, until the popup is answered.
          --loop                            Loop the sound until the popup is clicked or closed (with --wait or actions).

        The body is passed to the server as notify-send passes it: markup as written, backslash escapes (\\n, \\t, \\\\, octal) expanded. The popup stays after the command ends unless it expires or is closed.
        Exit status: 0 shown (and, when waiting, answered, closed or timed out); 1 no summary, a bad command line, a bad hint, no session bus or no notification server (with --wait too: the D-Bus error, not a wait for a popup never shown), or actions on a server that shows none.
        """
}
