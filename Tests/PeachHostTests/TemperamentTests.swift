import Foundation
import PeachHost
import Testing

/// Scala scales read as tuners and synthesizers write them, and temperaments
/// placed on the keys with A at the reference pitch.
@Suite struct TemperamentTests {
    /// Comments, cents with a point, ratios, an integer, a comment after a value,
    /// Windows line ends and a blank last line: all read as Scala reads them.
    @Test func aScalaFileReadsCentsRatiosAndComments() throws {
        let text = "! werck3.scl\r\n!\r\nWerckmeister III\r\n 12\r\n!\r\n256/243\r\n192.18 cents\r\n32/27\r\n390.225\r\n4/3\r\n1024/729\r\n696.09\r\n"
            + "128/81\r\n888.27\r\n16/9\r\n1092.18\r\n2\r\n\r\n"
        let scale = try ScalaScale(parsing: text)
        #expect(scale.description == "Werckmeister III")
        #expect(scale.degrees.count == 12)
        let expected = NamedTemperament.werckmeister3.scale.degrees
        #expect(zip(scale.degrees, expected).allSatisfy { abs($0 - $1) < 0.001 }, "\(scale.degrees)")
    }

    @Test(arguments: [
        ("! only a comment\n", ScalaParseError.empty),
        ("Name\ntwelve\n", .noCount(line: 2)),
        ("! c\nName\n", .noCount(line: 3)),
        ("Name\n3\n100.0\n200.0\n", .missingDegrees(expected: 3, found: 2)),
        ("Name\n3\n100.0\n3/0\n2/1\n", .badPitch(line: 4, text: "3/0")),
        ("Name\n2\n-5/4\n2/1\n", .badPitch(line: 3, text: "-5/4")),
        ("Name\n2\nnan.\n2/1\n", .badPitch(line: 3, text: "nan.")),
    ])
    func aDamagedScalaFileSaysWhereAndWhat(text: String, error: ScalaParseError) {
        #expect(throws: error) { try ScalaScale(parsing: text) }
    }

    /// Werckmeister III from C, A at 440: A is 440 Hz, E a pure-ish third
    /// lower than equal (E4 at 330 Hz); its C stands 11.73 cents above equal's.
    @Test func aTemperamentKeepsAAtTheReference() throws {
        let werckmeister = try Temperament(name: "W", scale: NamedTemperament.werckmeister3.scale, root: 0)
        #expect(abs(werckmeister.frequency(of: MIDINote(number: 69)!, reference: 440) - 440) < 1e-9)
        #expect(abs(werckmeister.frequency(of: MIDINote(number: 64)!, reference: 440) - 330) < 0.001)
        #expect(abs(werckmeister.offsets[0] - 11.73) < 0.001)
        // Just intonation on D: A, the fifth, is 440; D4 is a pure fifth below (293.33 Hz), F#4 a pure major third above D.
        let just = try Temperament(name: "J", scale: NamedTemperament.just.scale, root: 2)
        #expect(abs(just.frequency(of: MIDINote(number: 62)!, reference: 440) - 440 / 1.5) < 0.001)
        #expect(abs(just.frequency(of: MIDINote(number: 66)!, reference: 440) - 440 / 1.5 * 1.25) < 0.001)
    }

    /// The nearest tempered key, not the nearest equal one: 8 cents below
    /// equal C#4 is in tune in meantone's low C#, and reads so.
    @Test func theNearestNoteIsTheTemperedKey() throws {
        let meantone = try Temperament(name: "M", scale: NamedTemperament.meantone.scale, root: 0)
        let cSharp = meantone.frequency(of: MIDINote(number: 61)!, reference: 440)
        let tempered = try #require(NearestNote(frequency: cSharp, reference: 440, temperament: meantone))
        #expect(tempered.note.number == 61 && abs(tempered.cents) < 1e-6)
        let equal = try #require(NearestNote(frequency: cSharp, reference: 440))
        #expect(equal.note.number == 61 && abs(equal.cents - (meantone.offsets[1])) < 1e-6, "\(equal.cents) vs \(meantone.offsets[1])")
        // Meantone's G stands 7 cents above equal and its G# 17 below: 47 cents above equal G is
        // nearer equal G, but nearer meantone's G#, and 3 cents above the middle reads the other way.
        let aboveG = 440 * pow(2, (67.47 - 69) / 12)
        #expect(NearestNote(frequency: aboveG, reference: 440)?.note.number == 67)
        #expect(NearestNote(frequency: aboveG, reference: 440, temperament: meantone)?.note.number == 68)
        #expect(NearestNote(frequency: 440 * pow(2, (67.42 - 69) / 12), reference: 440, temperament: meantone)?.note.number == 67)
    }

    static let notTemperaments: [([Double], TemperamentError?)] = [
        (sevenEqual, .notTwelve(7)),
        (twelveTo(1900), .periodNotOctave(cents: 1900)),
        (twelveTo(1200), nil),
        ([100, 200, 300, 400, 560, 600, 700, 800, 900, 1000, 1100, 1200], .tooFarFromKey(degree: 5, cents: 560)),
    ]
    static let sevenEqual: [Double] = (1...7).map { Double($0) * 1200 / 7 }
    static func twelveTo(_ period: Double) -> [Double] { (1...12).map { Double($0) * period / 12 } }

    @Test(arguments: notTemperaments)
    func aScaleThatIsNoTemperamentOfTheKeysIsRefused(degrees: [Double], error: TemperamentError?) throws {
        let scale = ScalaScale(description: "", degrees: degrees)
        if let error {
            #expect(throws: error) { try Temperament(name: "", scale: scale, root: 0) }
        } else {
            #expect(try Temperament(name: "", scale: scale, root: 0).offsets.allSatisfy { $0 == 0 })
        }
    }

    /// A preset's temperament read back from a hand-edited file is checked too.
    @Test func aSavedTemperamentIsCheckedWhenRead() throws {
        let good = #"{"name": "W", "offsets": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}"#
        #expect(try JSONDecoder().decode(Temperament.self, from: Data(good.utf8)).offsets.count == 12)
        let short = #"{"name": "W", "offsets": [0, 0, 0]}"#
        #expect(throws: TemperamentError.notTwelve(3)) { try JSONDecoder().decode(Temperament.self, from: Data(short.utf8)) }
        let far = #"{"name": "W", "offsets": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 70]}"#
        #expect(throws: TemperamentError.tooFarFromKey(degree: 11, cents: 1170)) { try JSONDecoder().decode(Temperament.self, from: Data(far.utf8)) }
        // Each within 50 cents of its key from C, but C 60 cents sharp once A is placed at 0: which key it is would be wrong.
        #expect(throws: TemperamentError.tooFarFromKey(degree: 0, cents: 60)) {
            try Temperament(name: "W", offsets: [20, 0, 0, 0, 0, 0, 0, 0, 0, -40, 0, 0])
        }
    }
}
