import ArgumentParser
import PeachHost
import PeachText

extension TakeFormat: WordArgument {}

/// `peach record export TAKE FILE`: a copy as WAV or FLAC; an existing file is never overwritten.
struct RecordExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: localized(.helpRecordExportAbstract),
        discussion: localized(.helpExamples) + """

              peach record export "Scales" ~/scales.wav
              peach record export 2026-11-25 lesson.flac
              peach record export Bach bach.audio --format wav
            """)

    @Argument(help: ArgumentHelp(localized(.helpRecordTake), valueName: "take"))
    var take: String

    @Argument(help: ArgumentHelp(localized(.helpRecordExportFile), valueName: localized(.valueNameFile)))
    var file: String

    @Option(help: ArgumentHelp(localized(.helpRecordExportFormat), valueName: "wav|flac"))
    var format: TakeFormat?

    @OptionGroup var recordings: RecordingsOptions

    func validate() throws {
        // A chosen --format is what the user asked for, whatever the name, unless the name's ending promises the other one.
        if format == nil { try checkFileName(file, given: "<file>", writing: .audio) } else { try checkFileName(file, given: "<file>") }
        if let format, let named = TakeFormat(fileName: file), named != format {
            throw ValidationError(localized(.formatAgainstEnding, format.rawValue, file, named.rawValue))
        }
    }

    func run() throws {
        let library = try recordings.open()
        let found = try RecordingsOptions.take(take, in: library)
        try library.export(found, to: file, format: format ?? TakeFormat(fileName: file) ?? found.format)
        if !PosixFile.isStandardOutput(file) { print(localized(.recordExported, found.name, file)) }  // the take itself may be standard output
    }
}
