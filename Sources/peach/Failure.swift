/// A runtime error shown to the user as one line, with exit status 1.
struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

