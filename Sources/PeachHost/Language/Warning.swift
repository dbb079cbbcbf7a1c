import PeachSupport

extension StandardError {
    /// One line `peach: warning: …`: something the user should know that did
    /// not stop the command; the word `warning` in the user's language.
    public static func warning(_ text: String) {
        write("peach: \(localized(.warning)): \(text)\n")
    }
}
