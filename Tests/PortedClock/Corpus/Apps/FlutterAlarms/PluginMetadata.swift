// Written for the porting corpus, in the shape of gdelataillade/flutter_alarmkit
// ios/flutter_alarmkit/Sources/flutter_alarmkit/NeverMetadata.swift (studied at
// c637bb3475968cb38fead65edf0bb5163dd65fc1): the one metadata type a plugin schedules every
// alarm with, declaring the conformances AlarmMetadata already implies, as apps often do.
import AlarmKit

/// The widget keeps a copy of this type; both fields optional, so an alarm scheduled with
/// none encodes to `{}` and decodes on either side.
@available(iOS 26.0, *)
struct PluginMetadata: AlarmMetadata, Codable, Hashable {
    var symbolName: String?
    var caption: String?
}
