import ArgumentParser
import FoundationEssentials
import LinuxSupport
import AlarmClient

/// `alarmctl apps`: which apps may schedule alarms, and a person's say over it. alarmctl acts
/// for the person, so it needs no permission of its own.
struct AppsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apps",
        abstract: "List apps with their permission and alarms; allow, deny or reset an app.",
        discussion: """
            An app asks once (its first requestAuthorization(), or its first schedule) and a \
            notification offers Allow / Don't Allow. This is consent, as on iOS, not a security \
            boundary: every program you run can reach alarmd, and alarmctl acts for you.
            """,
        subcommands: [AppsList.self, AppsAllow.self, AppsDeny.self, AppsReset.self], defaultSubcommand: AppsList.self)
}

struct AppsList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Apps, their permission, alarms and pending intents.")
    @Flag(help: "Print JSON for scripts.") var json = false

    func run() throws {
        let apps = try DaemonLink().send(.apps).apps ?? []
        if json { return JSONOutput.print(apps) }
        guard !apps.isEmpty else { return print(Text.noApps) }
        // Each column as wide as its widest cell, header included (headers are translated).
        let header = Text.appsColumns
        let width = max(apps.map(\.app.displayWidth).max() ?? 0, header.app.displayWidth)
        let rows = apps.map { app in
            // alarmctl's own alarms need no consent: it acts for the person.
            (app, app.app == DaemonLink.appID ? Text.trusted : Self.words(app.authorization))
        }
        let stateWidth = max(rows.map(\.1.displayWidth).max() ?? 0, header.permission.displayWidth, 14)
        let alarmsWidth = max(header.alarms.displayWidth, 6)
        let pendingWidth = max(header.pending.displayWidth, 7)
        print(header.app.padded(to: width) + "  " + header.permission.padded(to: stateWidth) + "  "
            + header.alarms.padded(to: alarmsWidth) + "  " + header.pending.padded(to: pendingWidth) + "  " + header.name)
        for (app, words) in rows {
            let state = words.padded(to: stateWidth)
            let alarms = String(app.alarmCount).leftPadded(to: alarmsWidth, with: " ")
            let pending = String(app.pendingIntents).leftPadded(to: pendingWidth, with: " ")
            print(app.app.padded(to: width) + "  \(state)  \(alarms)  \(pending)  \(app.displayName ?? "")")
        }
    }

    static func words(_ state: AppAuthorization) -> String {
        Text.authorization(state)
    }
}

/// allow, deny, reset: the person's decision, as if answered in the consent prompt.
protocol AppsDecision: ParsableCommand {
    static var decision: AppDecision { get }
    var app: String { get }
}

extension AppsDecision {
    func run() throws {
        var request = AlarmProtocol.Request(id: 0, op: .setAuthorization, app: app)
        request.decision = Self.decision
        let link = try DaemonLink()
        let reply: AlarmProtocol.Message
        do { reply = try link.connection.send(request) } catch {
            complain(error.description)
            if case .refused = error { throw Exit.refused }
            throw Exit.unreachable
        }
        print(Text.appDecided(app, AppsList.words(reply.authorization ?? .notDetermined)))
    }
}

struct AppsAllow: AppsDecision {
    static let configuration = CommandConfiguration(commandName: "allow", abstract: "Let an app schedule alarms.")
    static let decision = AppDecision.allow
    @Argument(help: "The app id, as `alarmctl apps` lists it.") var app: String
}

struct AppsDeny: AppsDecision {
    static let configuration = CommandConfiguration(commandName: "deny", abstract: "Stop an app from scheduling alarms (its alarms stay).")
    static let decision = AppDecision.deny
    @Argument(help: "The app id, as `alarmctl apps` lists it.") var app: String
}

struct AppsReset: AppsDecision {
    static let configuration = CommandConfiguration(commandName: "reset", abstract: "Forget the decision: the app asks again.")
    static let decision = AppDecision.reset
    @Argument(help: "The app id, as `alarmctl apps` lists it.") var app: String
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(width - count, 0)) + self }
}
