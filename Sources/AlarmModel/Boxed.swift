/// A large, rarely changed value kept behind one reference: the value a struct holds inline
/// is 8 bytes instead of the value's size, and copies of the struct share it. AlarmRecord's
/// presentation (312 bytes inline) is boxed so that the daemon's dictionaries of records, whose
/// buckets hold every record inline with up to 2× growth slack, do not pay it per bucket.
///
/// A value type still: setting `wrappedValue` makes a new box. Codable as the value itself
/// (the same JSON as an unboxed property), equal and hashed by value.
@propertyWrapper
package struct Boxed<Value> {
    private final class Box: @unchecked Sendable {  // immutable after init
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    package init(wrappedValue: Value) { box = Box(wrappedValue) }

    package var wrappedValue: Value {
        get { box.value }
        set { box = Box(newValue) }
    }
}

extension Boxed: Sendable where Value: Sendable {}

extension Boxed: Equatable where Value: Equatable {
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.box === rhs.box || lhs.box.value == rhs.box.value
    }
}

extension Boxed: Hashable where Value: Hashable {
    package func hash(into hasher: inout Hasher) { hasher.combine(box.value) }
}

extension Boxed: Encodable where Value: Encodable {
    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(box.value)
    }
}

extension Boxed: Decodable where Value: Decodable {
    package init(from decoder: Decoder) throws {
        self.init(wrappedValue: try decoder.singleValueContainer().decode(Value.self))
    }
}
