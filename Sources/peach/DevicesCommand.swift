import ArgumentParser
import FoundationEssentials
import PeachHost

/// `peach devices`: the ALSA output devices, as `aplay -L` lists them, to
/// choose from for the `device` setting or `--device`.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: localized(.helpDevicesAbstract),
        discussion: localized(.helpDevicesDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach devices
              peach devices --json
              peach settings set device NAME
              peach play A4 --device NAME
            """)

    @Flag(help: ArgumentHelp(localized(.helpDevicesJSON)))
    var json = false

    func run() throws {
        let devices = AudioDevice.list(.output)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(devices), as: UTF8.self))
            return
        }
        for device in devices {
            print(device.name)
            let description = device.description.isEmpty ? localized(.devicesNoDescription) : device.description
            for line in description.split(separator: "\n") { print("    " + line) }
        }
    }
}
