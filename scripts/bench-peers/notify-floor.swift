// The floor for `alarmctl notify`'s memory: the least a Swift program built as alarmctl is
// (static Swift runtime, scripts/lib/linker) does to post one notification through libnotify,
// loaded on first use as alarmctl loads it.
import Glibc

guard let library = dlopen("libnotify.so.4", RTLD_NOW) else { fatalError(String(cString: dlerror())) }
func function<T>(_ name: String, as type: T.Type) -> T { unsafeBitCast(dlsym(library, name)!, to: type) }
let initialize = function("notify_init", as: (@convention(c) (UnsafePointer<CChar>) -> Int32).self)
let create = function("notify_notification_new", as: (@convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> OpaquePointer?).self)
let show = function("notify_notification_show", as: (@convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Int32).self)
let arguments = CommandLine.arguments
guard initialize("notify-floor") != 0, let notification = create(arguments.count > 1 ? arguments[1] : "floor", arguments.count > 2 ? arguments[2] : nil, nil),
      show(notification, nil) != 0 else { exit(1) }
