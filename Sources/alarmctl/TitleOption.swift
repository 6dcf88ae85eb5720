/// `--title`: an empty or blank title is refused rather than kept, since a popup and a list
/// with no name say nothing about what rang; leaving the option out gives the usual title.
enum TitleOption {
    static func check(_ title: String) throws {
        guard title.allSatisfy(\.isWhitespace) else { return }
        complain(Text.emptyTitle)
        throw Exit.badInput
    }
}
