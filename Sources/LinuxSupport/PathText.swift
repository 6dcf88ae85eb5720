/// NSString's path-string conveniences (`(path as NSString).deletingLastPathComponent` and
/// friends), which FoundationEssentials does not have. Same rules: repeated slashes count as
/// one, a trailing slash is ignored, and a leading dot does not start an extension.
extension StringProtocol {
    /// "/a/b.c" -> "b.c"; "/a/" -> "a"; "/" -> "/".
    public var lastPathComponent: String {
        let path = fixedSlashes
        guard path.count > 1 else { return path }
        return String(path[path.startOfLastComponent...])
    }

    /// "/a/b.c" -> "/a"; "/a" -> "/"; "b.c" -> "".
    public var deletingLastPathComponent: String {
        let path = fixedSlashes
        if path == "/" || path.isEmpty { return path }
        let start = path.startOfLastComponent
        if start == path.startIndex { return "" }
        if start == path.index(after: path.startIndex) { return "/" }
        return String(path[..<path.index(before: start)])
    }

    /// "/a/b.tar.gz" -> "gz"; "/a/.profile" -> "".
    public var pathExtension: String {
        let path = fixedSlashes
        guard path.count > 1, let start = path.startOfExtension else { return "" }
        return String(path[start...])
    }

    /// "/a/b.tar.gz" -> "/a/b.tar"; "/a/.profile" -> "/a/.profile".
    public var deletingPathExtension: String {
        let path = fixedSlashes
        guard path.count > 1, let start = path.startOfExtension else { return path }
        return String(path[..<path.index(before: start)])
    }

    private var fixedSlashes: String {
        var fixed = ""
        for character in self where !(character == "/" && fixed.last == "/") { fixed.append(character) }
        if fixed.count > 1 && fixed.last == "/" { fixed.removeLast() }
        return fixed
    }
}

extension String {
    fileprivate var startOfLastComponent: Index {
        lastIndex(of: "/").map(index(after:)) ?? startIndex
    }

    fileprivate var startOfExtension: Index? {
        let component = startOfLastComponent
        guard let dot = self[component...].lastIndex(of: "."), dot != component else { return nil }
        // ".." names a folder, not an empty extension.
        if self[component...] == ".." { return nil }
        return index(after: dot)
    }
}
