// Written for the porting corpus, in the shape of sauravhiremath/react-native-ios-alarmkit
// ios/HybridAlarmKit.swift (studied at e2e5dace0f17390b38a91c4ce51a526a84d3dd9b): the spec
// Nitro's code generator writes from a module's TypeScript interface (an app's repository
// does not keep it), here for HybridAlarms.swift, so that the compiler checks each method's
// shape as the generated spec would.
import NitroModules

public protocol HybridAlarmsSpec_protocol: HybridObject {
    var isAvailable: Bool { get }
    func authorizationStatus() throws -> Promise<String>
    func requestAuthorization() throws -> Promise<Bool>
    func schedule(id: String, json: String) throws -> Promise<String>
    func cancel(id: String) throws -> Promise<Bool>
    func stop(id: String) throws -> Promise<Void>
    func pause(id: String) throws -> Promise<Void>
    func resume(id: String) throws -> Promise<Void>
    func repeatCountdown(id: String) throws -> Promise<Void>
    func alarms() throws -> Promise<String>
    func onAlarmsChange(_ listener: @escaping (String) -> Void) throws -> String
    func onAuthorizationChange(_ listener: @escaping (String) -> Void) throws -> String
    func unsubscribe(_ subscription: String) throws
}

open class HybridAlarmsSpec_base {
    public init() {}
}

public typealias HybridAlarmsSpec = HybridAlarmsSpec_base & HybridAlarmsSpec_protocol
