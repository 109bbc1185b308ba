/// One file of the bad-file run (issue 37 U2): an image or a font, made by mutating a real one
/// or built to attack one limit, with what it is for.
public struct ContentCase: Sendable {
    public enum Kind: Sendable { case image, font }

    /// A file name that says what the case is (`mutation-0042-latte.jpg`, `svg-font-size-1e30.svg`).
    public let name: String
    public let kind: Kind
    /// Makes the file's bytes: a case is built only when it is run (some are 64 MB before
    /// compression; all of them at once would be the run's largest memory).
    public let make: @Sendable () -> [UInt8]

    public init(name: String, kind: Kind, make: @escaping @Sendable () -> [UInt8]) {
        self.name = name
        self.kind = kind
        self.make = make
    }

    /// The kind a file of this name is loaded as.
    static func kind(of name: String) -> Kind {
        let lower = name.lowercased()
        return [".ttf", ".otf", ".ttc", ".otc"].contains { lower.hasSuffix($0) } ? .font : .image
    }
}
