import ArgumentParser
import FoundationEssentials
import PeachAudio
import PeachHost
import PeachText

/// `peach devices`: the ALSA devices, as `aplay -L` and `arecord -L` list
/// them: outputs to choose from for the `device` setting or `--device`, and
/// inputs for the tools that listen.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: localized(.helpDevicesAbstract),
        discussion: localized(.helpDevicesDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach devices
              peach devices --inputs
              peach devices --json
              peach settings set device NAME
              peach play A4 --device NAME
            """)

    /// `--outputs` or `--inputs`: one direction only; both, as neither, list both
    /// (the parser refused the two together in its own words).
    enum Only: String, EnumerableFlag {
        case outputs, inputs
    }

    @Flag(help: ArgumentHelp(localized(.helpDevicesDirection)))
    var only: [Only] = []

    @Flag(help: ArgumentHelp(localized(.helpDevicesJSON)))
    var json = false

    func run() throws {
        let directions: [AudioDevice.Direction] = only.isEmpty ? [.output, .input]
            : [.output, .input].filter { only.contains($0 == .output ? .outputs : .inputs) }
        let devices = directions.flatMap { AudioDevice.list($0) }
        if let problem = AudioDevice.configurationProblem() { StandardError.warning(localized(.devicesConfigurationUnread, problem)) }
        if json {
            print(try CommandJSON.line(devices))
            return
        }
        for direction in directions {
            print(localized(direction == .output ? .devicesOutputs : .devicesInputs))
            for device in devices where device.direction == direction {
                print("  " + device.name)
                let description = device.description.isEmpty ? localized(.devicesNoDescription) : device.description
                for line in description.split(separator: "\n") { print("      " + line) }
            }
        }
    }
}
