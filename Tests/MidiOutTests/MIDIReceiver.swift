import PeachMidiOutCore
import PeachPluginAPI

/// What an instrument makes of the bytes: a model written from the MIDI 1.0
/// and MTS specifications, independent of the code under test. It follows
/// RPN 0, 3 and 4 and the null RPN, pitch bend, single-note tuning changes,
/// note on and off, all notes off and all sound off, and says at what
/// frequency each note-on sounds.
struct MIDIReceiver {
    struct Sounding: Equatable {
        var channel: Int, key: Int, velocity: Int
        var frequency: Double
    }

    /// The instrument's A4 for key 69 in equal temperament.
    var a4 = 440.0
    var bendRange = [Double](repeating: 2, count: 16)  // General MIDI's default
    var bend = [Int](repeating: 0, count: 16)
    var tuningProgram = [Int](repeating: 0, count: 16)
    var tuningBank = [Int](repeating: 0, count: 16)
    /// (bank 0) program → key → fractional note number.
    var tunings: [Int: [Int: Double]] = [:]
    var sounding: [Sounding] = []
    /// Every note-on, in order.
    var started: [Sounding] = []
    private var parameter = [Int?](repeating: nil, count: 16)
    private var parameterMSB = [Int](repeating: 127, count: 16)
    private var parameterLSB = [Int](repeating: 127, count: 16)

    mutating func receive(_ messages: [MIDIMessage]) {
        for message in messages { receive(message.bytes) }
    }

    mutating func receive(_ bytes: [UInt8]) {
        let status = Int(bytes[0])
        if status == 0xF0 { return receiveSysEx(bytes) }
        let channel = status & 0x0F
        let first = Int(bytes[1]), second = bytes.count > 2 ? Int(bytes[2]) : 0
        switch status & 0xF0 {
        case 0x90 where second > 0:
            let note = tuningsFor(channel)[first] ?? Double(first)
            let pitch = note + Double(bend[channel]) / 8192 * bendRange[channel]
            let sound = Sounding(channel: channel, key: first, velocity: second, frequency: peach_cents_to_hz(a4, (pitch - 69) * 100))
            sounding.append(sound)
            started.append(sound)
        case 0x80, 0x90:
            sounding.removeAll { $0.channel == channel && $0.key == first }
        case 0xE0:
            bend[channel] = (first | second << 7) - 8192
        case 0xB0:
            controlChange(channel: channel, controller: first, value: second)
        default:
            break
        }
    }

    private func tuningsFor(_ channel: Int) -> [Int: Double] {
        tuningBank[channel] == 0 ? tunings[tuningProgram[channel]] ?? [:] : [:]
    }

    private mutating func controlChange(channel: Int, controller: Int, value: Int) {
        switch controller {
        case 101: parameterMSB[channel] = value; updateParameter(channel)
        case 100: parameterLSB[channel] = value; updateParameter(channel)
        case 6:
            switch parameter[channel] {
            case 0: bendRange[channel] = Double(value)
            case 3: tuningProgram[channel] = value
            case 4: tuningBank[channel] = value
            default: break
            }
        case 38 where parameter[channel] == 0:
            bendRange[channel] = bendRange[channel].rounded(.down) + Double(value) / 100
        case 120, 123:
            sounding.removeAll { $0.channel == channel }
        default:
            break
        }
    }

    private mutating func updateParameter(_ channel: Int) {
        parameter[channel] = parameterMSB[channel] == 127 && parameterLSB[channel] == 127 ? nil
            : parameterMSB[channel] == 0 ? parameterLSB[channel] : -1
    }

    /// F0 7F <device> 08 02 <program> <count> (<key> <semitone> <fraction MSB> <fraction LSB>)… F7
    private mutating func receiveSysEx(_ bytes: [UInt8]) {
        guard bytes.count >= 8, bytes[1] == 0x7F, bytes[3] == 0x08, bytes[4] == 0x02, bytes.last == 0xF7 else { return }
        let program = Int(bytes[5]), count = Int(bytes[6])
        guard bytes.count == 8 + 4 * count else { return }
        for change in 0..<count {
            let at = 7 + 4 * change
            let semitone = Int(bytes[at + 1]), fraction = Int(bytes[at + 2]) << 7 | Int(bytes[at + 3])
            guard !(semitone == 127 && fraction == 16383) else { continue }  // "no change"
            tunings[program, default: [:]][Int(bytes[at])] = Double(semitone) + Double(fraction) / 16384
        }
    }
}
