import PeachAudio
import PeachHost
import PeachMusic
import Testing

@Suite struct MusicModelTests {
    @Test(arguments: [("A4", 69), ("C4", 60), ("c4", 60), ("C#3", 49), ("Db3", 49), ("Bb2", 46), ("B#3", 60), ("Cb4", 59),
                      ("F♯5", 78), ("E♭4", 63), ("A0", 21), ("C8", 108), ("C-1", 0), ("G9", 127), ("69", 69), (" 60 ", 60)])
    func parsesNoteNamesAndNumbers(text: String, number: Int) throws {
        #expect(try MIDINote(parsing: text).number == number)
    }

    @Test(arguments: ["", "H4", "A", "C#", "Cx4", "A4.5", "C 4"])
    func rejectsMalformedNotes(text: String) {
        #expect(throws: NoteParseError.malformed(text)) { try MIDINote(parsing: text) }
    }

    @Test(arguments: ["128", "-1", "G#9", "Cb-1"])
    func rejectsNotesOutsideMIDI(text: String) {
        #expect(throws: NoteParseError.outOfRange(text)) { try MIDINote(parsing: text) }
    }

    @Test func namesUseSharpsAndCFourIsMiddleC() {
        #expect(MIDINote(number: 60)!.name == "C4")
        #expect(MIDINote(number: 61)!.name == "C#4")
        #expect(MIDINote(number: 21)!.name == "A0")
        #expect(MIDINote(number: 108)!.name == "C8")
        #expect(MIDINote(number: 128) == nil)
    }

    @Test func frequenciesFollowTheReference() {
        #expect(Pitch.frequency(of: MIDINote(number: 69)!) == 440)
        #expect(abs(Pitch.frequency(of: MIDINote(number: 60)!) - 261.625_565_300_6) < 1e-9)
        #expect(abs(Pitch.frequency(of: MIDINote(number: 69)!, reference: 415) - 415) < 1e-12)
        #expect(abs(Pitch.frequency(of: MIDINote(number: 69)!, cents: 100) - Pitch.frequency(of: MIDINote(number: 70)!)) < 1e-9)
        let tenthOfACent = Pitch.frequency(of: MIDINote(number: 69)!, cents: 0.1)
        #expect(abs(Pitch.cents(from: 440, to: tenthOfACent) - 0.1) < 1e-9)
    }
}
