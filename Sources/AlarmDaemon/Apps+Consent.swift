import AlarmStore
import FoundationEssentials
import Logging
import AlarmWire

/// Consent: an app asks once, a person answers in a notification or with `alarmctl apps`, and
/// the app's watchers hear the decision.
extension AppsService {

    func requestAuthorization(app: String, registration: AppRegistration?, now: Date) throws(AlarmProtocol.ErrorReply) -> AppAuthorization {
        var stored = apps[app] ?? StoredApp(appID: app, registration: nil, authorization: .notDetermined, decidedAt: nil)
        if let registration, stored.registration != registration || apps[app] == nil {
            stored.registration = registration
            apps[app] = stored
            var changes = AppsChanges()
            changes.saveApps = [stored]
            do { try persistence.commitApps(changes) } catch { throw .init(.storage, "could not save the app: \(error)") }
        }
        guard stored.authorization == .notDetermined else { return stored.authorization }
        if !prompting.contains(app) {
            if prompter == nil { prompter = makePrompter() }
            guard let prompter else {
                logger.warning("'\(app)' asks to schedule alarms, and there is no way to ask the person; decide with: alarmctl apps allow|deny \(app)")
                return .notDetermined
            }
            prompting.insert(app)
            logger.info("asking whether '\(app)' may schedule alarms")
            prompter.ask(app: app, registration: stored.registration ?? AppRegistration(displayName: app)) { [weak self] answer in
                self?.loop.post { [weak self] in self?.answered(app: app, answer) }
            }
        }
        return .notDetermined
    }

    private func answered(app: String, _ answer: ConsentAnswer) {
        guard prompting.remove(app) != nil else { return }
        switch answer {
        case .allow: _ = try? decide(app: app, .allow, by: "the consent prompt", now: Date())
        case .deny: _ = try? decide(app: app, .deny, by: "the consent prompt", now: Date())
        case .dismissed:
            logger.info("the consent prompt for '\(app)' was closed without an answer")
            announce(app: app, .notDetermined)
        }
    }

    /// Records a person's decision and tells the app's watchers.
    @discardableResult
    func decide(app: String, _ decision: AppDecision, by source: String, now: Date) throws(AlarmProtocol.ErrorReply) -> AppAuthorization {
        var stored = apps[app] ?? StoredApp(appID: app, registration: nil, authorization: .notDetermined, decidedAt: nil)
        switch decision {
        case .allow: (stored.authorization, stored.decidedAt) = (.authorized, now)
        case .deny: (stored.authorization, stored.decidedAt) = (.denied, now)
        case .reset: (stored.authorization, stored.decidedAt) = (.notDetermined, nil)
        }
        var changes = AppsChanges()
        changes.saveApps = [stored]
        do { try persistence.commitApps(changes) } catch { throw .init(.storage, "could not save the decision: \(error)") }
        apps[app] = stored
        if prompting.remove(app) != nil { prompter?.withdraw(app: app) }
        logger.info("'\(app)' is now \(stored.authorization.rawValue) (by \(source))")
        announce(app: app, stored.authorization)
        return stored.authorization
    }

    private func announce(app: String, _ state: AppAuthorization) {
        var message = AlarmProtocol.Message(event: .authorization)
        message.app = app
        message.authorization = state
        server.push(message, toWatchersOf: app)
    }
}
