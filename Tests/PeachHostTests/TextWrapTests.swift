import PeachReports
import Testing

/// Lines broken to a width at spaces, never inside a command the user is to type.
@Suite struct TextWrapTests {
    @Test func aCommandInBackticksStaysOnOneLine() {
        let text = "No answers yet: start training with `peach` (or straight away with `peach train`)."
        #expect(TextWrap.lines(text, width: 72, indent: "  ") == ["No answers yet: start training with `peach` (or straight away with",
                                                                  "  `peach train`)."])
    }

    @Test func wordsBreakAtSpacesWithTheIndent() {
        #expect(TextWrap.lines("one two three four", width: 9, indent: "  ") == ["one two", "  three", "  four"])
        #expect(TextWrap.lines("short", width: 9) == ["short"])
    }
}
