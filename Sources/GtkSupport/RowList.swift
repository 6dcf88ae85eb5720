/// The view of one list row: made once for a model's id, then updated in place with `show`.
@MainActor
public protocol RowView: AnyObject {
    associatedtype Model: Identifiable & Equatable
    var row: ListBoxRow { get }
    var model: Model { get }
    func show(_ model: Model)
}

/// A GtkListBox kept in step with a list of models, for both pages' lists: a row per id, made
/// when its id appears, updated in place when its model changes, removed when its id goes, and
/// kept in the models' order by the list's sort function. A row never leaves the list to move,
/// so the keyboard focus and a screen reader's place stay on it while the order changes.
@MainActor
public final class RowList<View: RowView> {
    public typealias ID = View.Model.ID

    private let list: ListBox
    private let make: @MainActor (View.Model) -> View
    private var entries: [ID: Entry] = [:]
    private var order: [ID] = []
    /// Each row's place in the current order, read by the sort function.
    private let places = Places()

    private struct Entry {
        let view: View
        /// The row lives while its id is listed, whatever the builder that made it does.
        let retained: Retained<ListBoxRow>
    }

    private final class Places {
        var index: [ListBoxRow: Int] = [:]
    }

    public init(_ list: ListBox, make: @escaping @MainActor (View.Model) -> View) {
        self.list = list
        self.make = make
        let places = places
        list.setSort { a, b in (places.index[a] ?? .max) < (places.index[b] ?? .max) }
    }

    /// The views, in no particular order.
    public var views: some Collection<View> { entries.values.lazy.map(\.view) }

    public func view(_ id: ID) -> View? { entries[id]?.view }

    /// The view of a row of this list (an activated row), if it is one of ours.
    public func view(for row: ListBoxRow) -> View? { entries.values.first { $0.view.row == row }?.view }

    /// Shows exactly `models`, in their order.
    public func show(_ models: [View.Model]) {
        let ids = models.map(\.id)
        let kept = Set(ids)
        for (id, entry) in entries where !kept.contains(id) {
            list.remove(entry.view.row)
            entries[id] = nil
        }
        places.index = [:]
        for (index, model) in models.enumerated() {
            if let entry = entries[model.id] {
                places.index[entry.view.row] = index
                if entry.view.model != model { entry.view.show(model) }
            } else {
                let view = make(model)
                entries[model.id] = Entry(view: view, retained: Retained(view.row))
                places.index[view.row] = index
                list.append(view.row)  // placed by the sort function
            }
        }
        // New rows went to their places as they came; rows that were there move only now.
        let previous = Set(order)
        if ids.filter(previous.contains) != order.filter(kept.contains) { list.invalidateSort() }
        order = ids
    }
}
