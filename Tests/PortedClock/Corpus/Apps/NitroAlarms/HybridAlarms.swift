// Written for the porting corpus, in the shape of sauravhiremath/react-native-ios-alarmkit
// ios/HybridAlarmKit.swift (studied at e2e5dace0f17390b38a91c4ce51a526a84d3dd9b): a React
// Native (Nitro) hybrid object over every AlarmManager call, its two update streams, and
// errors handed to JavaScript as NSErrors whose message is JSON.
import Foundation
import NitroModules
#if canImport(SwiftUI)
import SwiftUI
#endif

#if canImport(AlarmKit)
import AlarmKit
#endif

#if canImport(ActivityKit)
import ActivityKit
#endif

let bridgeErrorDomain = "HybridAlarms"

/// What JavaScript's `catch` gets in `error.code`.
enum BridgeErrorCode: String, Codable {
    case badID = "BAD_ID"
    case badJSON = "BAD_JSON"
    case badConfiguration = "BAD_CONFIGURATION"
    case notFound = "NOT_FOUND"
    case tooManyAlarms = "TOO_MANY_ALARMS"
    case other = "OTHER"
}

/// An error as JavaScript sees it: encoded as JSON into the message of the NSError it throws.
struct BridgeError: Codable {
    var code: BridgeErrorCode
    var message: String
    var domain: String?
    var nativeCode: Int?

    /// `code` when the caller knows better than the error what went wrong.
    static func wrapping(_ error: Error, as code: BridgeErrorCode? = nil) -> NSError {
        let native = error as NSError
        let report = BridgeError(
            code: code ?? classify(error),
            message: native.localizedDescription.isEmpty ? native.description : native.localizedDescription,
            domain: native.domain, nativeCode: native.code)
        let message = (try? JSONEncoder().encode(report)).flatMap { String(data: $0, encoding: .utf8) }
        return NSError(domain: bridgeErrorDomain, code: 1000, userInfo: [NSLocalizedDescriptionKey: message ?? native.localizedDescription])
    }

    /// The report inside an NSError that `wrapping` made.
    static func unwrapping(_ error: Error) -> BridgeError? {
        guard let native = error as NSError?, native.domain == bridgeErrorDomain, native.code == 1000,
            let message = native.userInfo[NSLocalizedDescriptionKey] as? String,
            let data = message.data(using: .utf8)
        else { return nil }
        return try? JSONDecoder().decode(BridgeError.self, from: data)
    }

    private static func classify(_ error: Error) -> BridgeErrorCode {
        if let earlier = unwrapping(error) { return earlier.code }
        #if canImport(AlarmKit)
        if #available(iOS 26.0, *), let alarmError = error as? AlarmManager.AlarmError {
            switch alarmError {
            case .maximumLimitReached: return .tooManyAlarms
            @unknown default: return .other
            }
        }
        #endif
        let native = error as NSError
        if native.domain == bridgeErrorDomain {
            switch native.code {
            case 1: return .badID
            case 2: return .badJSON
            case 3, 4: return .badConfiguration
            default: break
            }
        }
        let text = native.localizedDescription.lowercased()
        return text.contains("not found") || text.contains("no alarm") ? .notFound : .other
    }
}

#if canImport(AlarmKit)
@available(iOS 26.0, *)
func authorizationName(_ state: AlarmManager.AuthorizationState) -> String {
    switch state {
    case .authorized: return "authorized"
    case .notDetermined: return "notDetermined"
    case .denied: return "denied"
    @unknown default: return "denied"
    }
}
#endif

final class HybridAlarms: HybridAlarmsSpec {
    var memorySize: Int { MemoryLayout<HybridAlarms>.size }

    /// The running `alarmUpdates` and `authorizationUpdates` loops, by the token JavaScript holds.
    private var subscriptions: [String: Task<Void, Never>] = [:]
    private let subscriptionsLock = NSLock()

    var isAvailable: Bool {
        #if canImport(AlarmKit)
        if #available(iOS 26.0, *) { return true }
        #endif
        return false
    }

    func authorizationStatus() throws -> Promise<String> {
        #if canImport(AlarmKit)
        if #available(iOS 26.0, *) {
            return Promise.async { authorizationName(AlarmManager.shared.authorizationState) }
        }
        #endif
        return Promise.resolved(withResult: "denied")
    }

    // The request belongs to the main actor: run there, it never waits on a main actor that is
    // itself waiting for this promise.
    func requestAuthorization() throws -> Promise<Bool> {
        #if canImport(AlarmKit)
        if #available(iOS 26.0, *) {
            return Promise.async { @MainActor in
                do {
                    return try await AlarmManager.shared.requestAuthorization() == .authorized
                } catch {
                    throw BridgeError.wrapping(error)
                }
            }
        }
        #endif
        return Promise.resolved(withResult: false)
    }

    func schedule(id: String, json: String) throws -> Promise<String> {
        #if canImport(AlarmKit)
        if #available(iOS 26.0, *) {
            return Promise.async {
                let alarmID = try Self.alarmID(id)
                do {
                    let alarm = try await AlarmManager.shared.schedule(id: alarmID, configuration: try Self.configuration(json))
                    return try encodedJSON(AlarmJSON(alarm))
                } catch {
                    throw BridgeError.wrapping(error)
                }
            }
        }
        #endif
        return Promise.resolved(withResult: "")
    }

    /// Cancelling an alarm that is already gone answers false rather than failing: AlarmKit's
    /// error for it is not one to rely on, so look first (and still catch the race).
    func cancel(id: String) throws -> Promise<Bool> {
        #if canImport(AlarmKit)
        if #available(iOS 26.0, *) {
            return Promise.parallel {
                let alarmID = try Self.alarmID(id)
                if let known = try? AlarmManager.shared.alarms, !known.contains(where: { $0.id == alarmID }) {
                    return false
                }
                do {
                    try AlarmManager.shared.cancel(id: alarmID)
                    return true
                } catch {
                    let wrapped = BridgeError.wrapping(error)
                    if BridgeError.unwrapping(wrapped)?.code == .notFound { return false }
                    throw wrapped
                }
            }
        }
        #endif
        return Promise.resolved(withResult: false)
    }

    func stop(id: String) throws -> Promise<Void> {
        #if canImport(AlarmKit)
        if #available(iOS 26.0, *) { return control(id) { try AlarmManager.shared.stop(id: $0) } }
        #endif
        return Promise.resolved(withResult: ())
    }

    func pause(id: String) throws -> Promise<Void> {
        #if canImport(AlarmKit)
        if #available(iOS 26.0, *) { return control(id) { try AlarmManager.shared.pause(id: $0) } }
        #endif
        return Promise.resolved(withResult: ())
    }

    func resume(id: String) throws -> Promise<Void> {
        #if canImport(AlarmKit)
        if #available(iOS 26.0, *) { return control(id) { try AlarmManager.shared.resume(id: $0) } }
        #endif
        return Promise.resolved(withResult: ())
    }

    func repeatCountdown(id: String) throws -> Promise<Void> {
        #if canImport(AlarmKit)
        if #available(iOS 26.0, *) { return control(id) { try AlarmManager.shared.countdown(id: $0) } }
        #endif
        return Promise.resolved(withResult: ())
    }

    func alarms() throws -> Promise<String> {
        #if canImport(AlarmKit)
        if #available(iOS 26.0, *) {
            return Promise.parallel {
                do {
                    return try encodedJSON(AlarmManager.shared.alarms.map { AlarmJSON($0) })
                } catch {
                    throw BridgeError.wrapping(error)
                }
            }
        }
        #endif
        return Promise.resolved(withResult: "[]")
    }

    func onAlarmsChange(_ listener: @escaping (String) -> Void) throws -> String {
        #if canImport(AlarmKit)
        if #available(iOS 26.0, *) {
            return keep(Task {
                for await alarms in AlarmManager.shared.alarmUpdates {
                    listener((try? encodedJSON(alarms.map { AlarmJSON($0) })) ?? "[]")
                }
            })
        }
        #endif
        return ""
    }

    func onAuthorizationChange(_ listener: @escaping (String) -> Void) throws -> String {
        #if canImport(AlarmKit)
        if #available(iOS 26.0, *) {
            return keep(Task {
                for await state in AlarmManager.shared.authorizationUpdates {
                    listener(authorizationName(state))
                }
            })
        }
        #endif
        return ""
    }

    func unsubscribe(_ subscription: String) throws {
        subscriptionsLock.lock()
        let task = subscriptions.removeValue(forKey: subscription)
        subscriptionsLock.unlock()
        task?.cancel()
    }

    // MARK: - Helpers

    private func keep(_ task: Task<Void, Never>) -> String {
        let token = UUID().uuidString
        subscriptionsLock.lock()
        defer { subscriptionsLock.unlock() }
        subscriptions[token] = task
        return token
    }

    /// stop, pause, resume and countdown only throw; Nitro runs them off the JavaScript thread.
    private func control(_ id: String, _ action: @escaping (UUID) throws -> Void) -> Promise<Void> {
        Promise.parallel {
            let alarmID = try Self.alarmID(id)
            do {
                try action(alarmID)
            } catch {
                throw BridgeError.wrapping(error)
            }
        }
    }

    private static func alarmID(_ text: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else {
            throw BridgeError.wrapping(
                NSError(domain: bridgeErrorDomain, code: 1, userInfo: [NSLocalizedDescriptionKey: "Not an alarm ID: \(text)"]), as: .badID)
        }
        return id
    }

    #if canImport(AlarmKit)
    @available(iOS 26.0, *)
    static func configuration(_ json: String) throws -> AlarmManager.AlarmConfiguration<NoMetadata> {
        guard let data = json.data(using: .utf8) else {
            throw NSError(domain: bridgeErrorDomain, code: 2, userInfo: [NSLocalizedDescriptionKey: "The configuration is not UTF-8"])
        }
        let decoded: ConfigurationJSON
        do {
            decoded = try JSONDecoder().decode(ConfigurationJSON.self, from: data)
        } catch {
            throw BridgeError.wrapping(error, as: .badJSON)
        }
        do {
            return try decoded.configuration()
        } catch {
            throw BridgeError.wrapping(error, as: .badConfiguration)
        }
    }
    #endif
}
