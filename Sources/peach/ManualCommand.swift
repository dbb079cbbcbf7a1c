import ArgumentParser
import PeachAudio
import PeachHost
import PeachText

/// Prints the manual page, made from the commands' own help, in the chosen
/// language (`peach --lang de manual`). `make install` runs it; hidden
/// because man(1) is where people read the result.
struct ManualCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manual",
        abstract: localized(.helpManualAbstract),
        shouldDisplay: false)

    func run() {
        print(ManualPage(root: Peach.self).roff(), terminator: "")
    }
}
