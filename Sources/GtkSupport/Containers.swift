import CGtk

/// GtkBox.
public struct Box: WidgetHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { gtk_box_get_type() }
}

@MainActor
extension Box {
    public func append(_ child: some WidgetHandle) { gtk_box_append(ptr(self), ptr(child)) }
}

/// GtkFlowBox (the timer presets).
public struct FlowBox: WidgetHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { gtk_flow_box_get_type() }
}

@MainActor
extension FlowBox {
    public func append(_ child: some WidgetHandle) { gtk_flow_box_append(ptr(self), ptr(child)) }
}

/// GtkListBoxRow and its subclasses (AdwActionRow, AdwComboRow, AdwEntryRow).
public protocol ListBoxRowHandle: WidgetHandle {}

public struct ListBoxRow: ListBoxRowHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { gtk_list_box_row_get_type() }

    /// A new row holding `child` (floating).
    @MainActor public init(child: some WidgetHandle) {
        pointer = UnsafeMutableRawPointer(gtk_list_box_row_new()!)
        gtk_list_box_row_set_child(ptr(self), ptr(child))
    }
}

@MainActor
extension ListBoxRowHandle {
    /// Its place in its list, or nil when it is in none.
    public var index: Int? {
        guard parent != nil else { return nil }
        let index = gtk_list_box_row_get_index(ptr(self))
        return index >= 0 ? Int(index) : nil
    }
}

/// GtkListBox. `RowList` keeps one in step with a list of models.
public struct ListBox: WidgetHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { gtk_list_box_get_type() }

    /// A new, empty list (floating).
    @MainActor public init() { pointer = UnsafeMutableRawPointer(gtk_list_box_new()!) }
}

@MainActor
extension ListBox {
    /// Adds a row; with a sort function set, at the place the function gives it.
    public func append(_ row: some ListBoxRowHandle) { gtk_list_box_append(ptr(self), ptr(row)) }
    public func remove(_ row: some ListBoxRowHandle) { gtk_list_box_remove(ptr(self), ptr(row)) }

    public func row(at index: Int) -> ListBoxRow? {
        gtk_list_box_get_row_at_index(ptr(self), Int32(index)).map { ListBoxRow(unchecked: UnsafeMutableRawPointer($0)) }
    }

    /// The rows in the order the list shows them.
    public var rows: [ListBoxRow] {
        var rows: [ListBoxRow] = []
        while let row = row(at: rows.count) { rows.append(row) }
        return rows
    }

    /// A click on a row, or Enter on it (`row-activated`), with the row.
    @discardableResult
    public func onRowActivated(_ handler: @escaping @MainActor (ListBoxRow) -> Void) -> SignalConnection {
        Signal.connect(self, "row-activated") { arguments in
            if let row = arguments.object(at: 1, as: ListBoxRow.self) { handler(row) }
        }
    }

    /// Orders the rows by `before(a, b)`: GTK keeps them sorted as rows come and go, and
    /// `invalidateSort()` sorts them again in place (no row leaves the list).
    public func setSort(_ before: @escaping @MainActor (ListBoxRow, ListBoxRow) -> Bool) {
        let box = Unmanaged.passRetained(SortBox(before)).toOpaque()
        gtk_list_box_set_sort_func(ptr(self), sortRows, box, releaseSort)
    }

    public func invalidateSort() { gtk_list_box_invalidate_sort(ptr(self)) }
}

// Touched only on the main thread (GTK calls the sort function there).
final class SortBox: @unchecked Sendable {
    let before: @MainActor (ListBoxRow, ListBoxRow) -> Bool
    init(_ before: @escaping @MainActor (ListBoxRow, ListBoxRow) -> Bool) { self.before = before }
}

private let sortRows: GtkListBoxSortFunc = { first, second, data in
    guard let first, let second, let data else { return 0 }
    let box = Unmanaged<SortBox>.fromOpaque(data).takeUnretainedValue()
    let (a, b) = (ListBoxRow(unchecked: UnsafeMutableRawPointer(first)), ListBoxRow(unchecked: UnsafeMutableRawPointer(second)))
    return MainActor.assumeIsolated { box.before(a, b) ? -1 : box.before(b, a) ? 1 : 0 }
}

private let releaseSort: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<SortBox>.fromOpaque(data).release()
}

/// GtkStack.
public struct Stack: WidgetHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { gtk_stack_get_type() }

    /// A new, empty stack (floating).
    @MainActor public init() { pointer = UnsafeMutableRawPointer(gtk_stack_new()!) }
}

@MainActor
extension Stack {
    /// Pages cross-fade into each other rather than switch at once.
    public func setCrossfade() { gtk_stack_set_transition_type(ptr(self), GTK_STACK_TRANSITION_TYPE_CROSSFADE) }
    public func addNamed(_ child: some WidgetHandle, _ name: String) { gtk_stack_add_named(ptr(self), ptr(child), name) }
    public var visibleChildName: String? { gtk_stack_get_visible_child_name(ptr(self)).map { String(cString: $0) } }
    public func setVisibleChildName(_ name: String) { gtk_stack_set_visible_child_name(ptr(self), name) }
}

/// GtkRevealer (the health banner).
public struct Revealer: WidgetHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { gtk_revealer_get_type() }
}

@MainActor
extension Revealer {
    public func setRevealChild(_ reveal: Bool) { gtk_revealer_set_reveal_child(ptr(self), reveal ? 1 : 0) }
}

/// GtkScrolledWindow.
public struct ScrolledWindow: WidgetHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { gtk_scrolled_window_get_type() }
}
