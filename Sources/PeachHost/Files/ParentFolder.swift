/// The folder a path names a file in, as the path spells it ("." for a bare name).
public enum ParentFolder {
    public static func of(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
