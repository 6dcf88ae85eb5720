import CLinux
import Glibc

/// `msgid` in the person's language (gettext domain "openalarmkit"), with `%1$s`, `%2$s`...
/// (or one lone `%s`) replaced by `args` and `%%` by `%`. Write the msgid as a literal, never
/// "\(x)" inside it, so xgettext finds it (docs/TRANSLATIONS.md).
package func tr(_ msgid: String, _ args: String...) -> String {
    Translation.substitute(Translation.gettext(msgid), args)
}

/// The singular or plural form for `n` in the person's language (`dngettext`); `%d` is
/// replaced by `n`, `%1$s`... by `args`, as in `tr`.
package func trn(_ singular: String, _ plural: String, _ n: Int, _ args: String...) -> String {
    Translation.substitute(Translation.ngettext(singular, plural, UInt(clamping: n.magnitude)), args, count: n)
}

/// The gettext catalog: bound once, looked up under a per-thread LC_MESSAGES locale.
enum Translation {
    static let domain = "openalarmkit"

    /// Where the compiled catalogs are (`<dir>/de/LC_MESSAGES/openalarmkit.mo`):
    /// OPENALARMKIT_LOCALEDIR; else, next to the executable, `../share/locale` (an install
    /// under any prefix: /usr/bin -> /usr/share/locale) or `locale` (a dev build, where
    /// scripts/compile-translations writes .build/<config>/locale); else /usr/share/locale.
    static func localeDirectory(environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) -> String {
        if let override = environment("OPENALARMKIT_LOCALEDIR"), !override.isEmpty { return override }
        if let executable = executablePath(), let slash = executable.lastIndex(of: "/") {
            let directory = String(executable[..<slash])
            for candidate in [directory + "/../share/locale", directory + "/locale"] where hasCatalog(candidate) {
                return candidate
            }
        }
        return "/usr/share/locale"
    }

    /// Whether `directory` holds this domain's catalog for any language.
    private static func hasCatalog(_ directory: String) -> Bool {
        guard let dir = opendir(directory) else { return false }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix(".") { continue }
            if access(directory + "/" + name + "/LC_MESSAGES/" + domain + ".mo", R_OK) == 0 { return true }
        }
        return false
    }

    /// The LC_MESSAGES locale the lookups run under, made once (Swift's static initialisation
    /// is thread-safe), after binding the domain. alarmd and alarmctl never call setlocale:
    /// the global locale stays C for parsing, and a lookup switches this thread alone
    /// (`uselocale`). "" reads LC_ALL, LC_MESSAGES, LANG; LANGUAGE is then honoured by gettext.
    /// Where that locale is not compiled on the system, C.UTF-8, under which gettext still
    /// honours LANGUAGE (it ignores LANGUAGE only under "C").
    nonisolated(unsafe) private static let messagesLocale: locale_t? = {
        bindtextdomain(domain, localeDirectory())
        bind_textdomain_codeset(domain, "UTF-8")
        return newlocale(LC_MESSAGES_MASK, "", nil) ?? newlocale(LC_MESSAGES_MASK, "C.UTF-8", nil)
    }()

    /// `dgettext` under the messages locale. Without a translation gettext returns the msgid
    /// pointer it was given, valid only inside `withCString`: the text is copied there.
    static func gettext(_ msgid: String) -> String {
        guard let locale = messagesLocale, !msgid.isEmpty else { return msgid }  // "" is the header
        return msgid.withCString { id in
            let previous = uselocale(locale)
            defer { uselocale(previous) }
            guard let text = dgettext(domain, id), UnsafePointer(text) != id else { return msgid }
            return String(cString: text)
        }
    }

    /// `dngettext` under the messages locale, copied as `gettext` is.
    static func ngettext(_ singular: String, _ plural: String, _ n: UInt) -> String {
        let english = n == 1 ? singular : plural
        guard let locale = messagesLocale else { return english }
        return singular.withCString { one in
            plural.withCString { many in
                let previous = uselocale(locale)
                defer { uselocale(previous) }
                guard let text = dngettext(domain, one, many, n), UnsafePointer(text) != one, UnsafePointer(text) != many else { return english }
                return String(cString: text)
            }
        }
    }

    /// `%1$s`... -> args[0]..., a lone `%s` -> the next arg, `%d` -> count, `%%` -> `%`;
    /// anything else (and a missing arg) is kept as written, never a crash.
    static func substitute(_ text: String, _ args: [String], count: Int? = nil) -> String {
        guard text.contains("%") else { return text }
        var result = ""
        var next = 0
        var rest = Substring(text)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let after = rest[rest.index(after: percent)...]
            if after.first == "%" {
                result += "%"
                rest = after.dropFirst()
            } else if after.first == "s", next < args.count {
                result += args[next]
                next += 1
                rest = after.dropFirst()
            } else if after.first == "d", let count {
                result += String(count)
                rest = after.dropFirst()
            } else if let digitsEnd = after.firstIndex(where: { !$0.isASCII || !$0.isNumber }), digitsEnd > after.startIndex,
                after[digitsEnd...].hasPrefix("$s"), let position = Int(after[..<digitsEnd]), position >= 1, position <= args.count {
                result += args[position - 1]
                rest = after[digitsEnd...].dropFirst(2)
            } else {
                result += "%"
                rest = after
            }
        }
        return result + rest
    }
}

/// A text that came as data and may be one of the catalog's msgids: an alarm's button label,
/// stored as written by whoever scheduled it ("Stop"), is translated where it is shown, as
/// AlarmKit's `LocalizedStringResource` labels are. Anything not in the catalog (a label an app
/// wrote in its own language) comes back unchanged; no `%` substitution.
package func trLabel(_ text: String) -> String {
    Translation.gettext(text)
}
