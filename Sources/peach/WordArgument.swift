import ArgumentParser

/// An option whose value is one of a few words, taken in any case (`--format
/// WAV`, `--by Week`) as Peach's other word options are (`--range ADAPTIVE`,
/// `--click Beep`); the parser alone would refuse all but the exact word.
public protocol WordArgument: ExpressibleByArgument, RawRepresentable, CaseIterable where RawValue == String {
    /// Other words a person types for a value (`md` for markdown), lower case.
    static var otherWords: [String: Self] { get }
}

extension WordArgument {
    public static var otherWords: [String: Self] { [:] }

    public init?(argument: String) {
        let typed = argument.lowercased()
        guard let value = Self.allCases.first(where: { $0.rawValue.lowercased() == typed }) ?? Self.otherWords[typed] else { return nil }
        self = value
    }
}
