// PeachHost: everything on the host side of the plugin ABI, for a program
// that wants all of it (the `peach` command). Each layer is a target of its
// own (docs/ARCHITECTURE.md lists what each may import); a tool that needs
// fewer, such as sound without training, imports only those.
@_exported import PeachAudio
@_exported import PeachDrone
@_exported import PeachExchange
@_exported import PeachFiles
@_exported import PeachGrid
@_exported import PeachHistory
@_exported import PeachJournal
@_exported import PeachMessages
@_exported import PeachMetronome
@_exported import PeachMusic
@_exported import PeachPlayback
@_exported import PeachRecordings
@_exported import PeachReports
@_exported import PeachSettings
@_exported import PeachSupport
@_exported import PeachText
@_exported import PeachTraining
@_exported import PeachTuner
