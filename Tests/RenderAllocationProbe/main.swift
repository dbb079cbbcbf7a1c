// Renders notes, a source swap and a note released mid-attack through the real
// engine while every malloc in the process is interposed, and prints how many
// allocations happened on the render thread. Run with
// LD_PRELOAD=<bin>/libMallocInterposerSwift.so; the test does that.
// `RenderAllocationProbe fluid` plays the FluidSynth source instead of Sine,
// with a live program change before the swap; `RenderAllocationProbe tracks`
// plays Sine on several tracks, adding, muting, swapping and removing them,
// while capturing from a sound file that it monitors, with a tempo ramp on the transport, and
// ends on a chord loud enough for the master limiter to act.
// `RenderAllocationProbe click` and `... sample` play the Clicks and Sample sources on
// click keys, a key without a click (refused on the render thread) among them, and
// more notes at once than they have voices. `RenderAllocationProbe drums` plays the FluidSynth
// plugin's drum kits the same way, with a live kit change, a closed hi-hat stopping an open one, and
// after the swap a kit with keys missing, one of which it refuses on the render thread.
import Glibc
import MallocInterposerSwift
import MusicalTime
import PeachAudio
import PeachHost
import PeachTestSupport
import Synchronization

let renderThread = Atomic<UInt>(0)
let renderThreadAllocations = Atomic<Int>(0)
let otherAllocations = Atomic<Int>(0)

/// Runs inside malloc: no allocation here, just a thread check and a count.
let countByThread: MallocInterposerSwift.AllocationHook = { _ in
    if pthread_self() == renderThread.load(ordering: .relaxed) {
        renderThreadAllocations.add(1, ordering: .relaxed)
    } else {
        otherAllocations.add(1, ordering: .relaxed)
    }
}

let mode = CommandLine.arguments.dropFirst().first
let fluid = mode == "fluid", tracks = mode == "tracks", click = mode == "click", sample = mode == "sample", drums = mode == "drums"
let folder = TemporaryDirectory()
defer { folder.remove() }
if drums {
    try SoundFontWriter.write([.init(bank: 128, program: 0, name: "Sparse", keys: [33, 34, 76, 77])], to: folder.file("sparse.sf2"))
}
if sample {
    try SampleFixture.write([(0..<2400).map { Float(0.5 * exp(-Double($0) / 480) * cos(Double($0) * 0.13)) }], sampleRate: 44100,
                            to: folder.file("sample.wav"))
}
func makeSource(_ options: [String: String]) throws -> SourceInstance {
    if fluid { return try FluidFixture.instance(options: options) }
    if click { return try ClickFixture.instance(options: options) }
    if drums { return try FluidDrumsFixture.instance(options: options) }
    if sample { return try SampleFixture.instance(options: ["file": folder.file("sample.wav")].merging(options) { $1 }) }
    return try SineFixture.instance(options: options)
}
/// The percussion keys of the clicks, and 35, which has none (the drum kit has).
let clickKeys = [76, 77, 34, 33, 46, 42, 35]
let first = try makeSource(fluid ? ["program": "73"] : [:])
let engine = try AudioEngine(output: NullOutput(paced: true), source: first)
let replacement = try makeSource(fluid ? ["program": "19"] : drums ? ["font": folder.file("sparse.sf2")] : ["gain": "0.3"])
let drone = tracks ? try engine.addTrack(source: try makeSource(["gain": "0.1"])) : nil
let clicks = tracks ? try engine.addTrack(source: try makeSource(["gain": "0.1"])) : nil
let added = try makeSource(["gain": "0.2"]), swappedIn = try makeSource(["gain": "0.2"])
if tracks {
    // A recording to capture from, rendered by an engine of its own.
    let recording = try AudioEngine(output: try WavFileOutput(path: folder.file("input.wav")), source: try makeSource([:]))
    try recording.playNote(frequency: 330, at: 0, durationFrames: 96_000)
    _ = recording.render(through: 96_000)
    try recording.stop()
    try engine.attach(input: try SoundFileInput(path: folder.file("input.wav")))
    engine.setMonitorGain(0.5)
    // Sources read the transport in process: the render thread computes it each block.
    try engine.setTransport(try TempoMap(segments: [TempoSegment(start: BeatPosition(beat: 0), tempo: Tempo(bpm: 90)!, rampTo: Tempo(bpm: 150)!),
                                                    TempoSegment(start: BeatPosition(beat: 8), tempo: Tempo(bpm: 150)!)], sampleRate: 48000),
                            originFrame: 2400)
}
engine.start()
renderThread.store(engine.renderThread!, ordering: .relaxed)
_ = engine.wait(untilRendered: 4800)  // let the thread settle before counting

MallocInterposerSwift.initialize()
MallocInterposerSwift.setAllocationHook(countByThread)
MallocInterposerSwift.hook()
var frame = engine.renderedFrames + 2400
for index in 0..<20 {
    if fluid && index == 10 { try first.set("program", to: "80") }  // live, between notes
    if drums && index == 10 { try first.set("kit", to: "25") }
    // A fraction of a cent, so that the FluidSynth source's resampler works too.
    let frequency = click || sample || drums ? Pitch.frequency(of: MIDINote(number: clickKeys[index % clickKeys.count])!) : 220 * Double(index + 1) * 1.0002
    try engine.playNote(frequency: frequency, at: frame, durationFrames: index == 7 ? 50 : 2000)
    if let drone, let clicks {
        try engine.playNote(frequency: 110, at: frame, durationFrames: 2400, on: drone)
        try engine.playNote(frequency: 1760, at: frame + 100, durationFrames: 200, on: clicks)
        if index == 4 { engine.setGain(0.5, of: drone) }
        if index == 6 { engine.setMuted(true, of: clicks) }
        if index == 8 { engine.setMuted(false, of: clicks) }
        if index == 10 { engine.removeTrack(drone) }
    }
    frame += 2400
}
if click || sample || drums {
    // More notes at once than there are voices: the oldest are taken and fade out.
    for _ in 0..<20 { try engine.schedule(.noteOn(engine.makeNoteID(), frequency: Pitch.frequency(of: MIDINote(number: 76)!), at: frame)) }
    frame += 2400
}
if tracks {
    let late = try engine.addTrack(source: added)
    try engine.playNote(frequency: 660, at: frame, durationFrames: 4800, on: late)
    _ = engine.wait(untilRendered: frame + 2400)
    try engine.swapSource(to: swappedIn, on: late)
    try engine.playNote(frequency: 770, at: frame + 4800, durationFrames: 2400, on: late)
    // A chord louder than full scale: the master limiter turns it down.
    let chord = [220.0, 277, 330, 440, 554, 660].map { (engine.makeNoteID(), $0) }
    for (id, frequency) in chord { try engine.schedule(.noteOn(id, frequency: frequency, velocity: 1, at: frame + 7200)) }
    for (id, _) in chord { try engine.schedule(.noteOff(id, at: frame + 9600)) }
    frame += 9600
}
_ = engine.wait(untilRendered: frame / 2)
try engine.swapSource(to: replacement)
if drums {
    // Key 50 lies within the sparse kit's range but has no sound: refused as it comes.
    for (index, key) in [76, 50, 33].enumerated() {
        try engine.playNote(frequency: Pitch.frequency(of: MIDINote(number: key)!), at: frame + Int64(600 * index), durationFrames: 100)
    }
    frame += 2400
}
_ = engine.wait(untilRendered: frame + 4800)
if tracks { _ = engine.takeCaptured() }  // the main thread's side may allocate; the render thread's may not
MallocInterposerSwift.unhook()
MallocInterposerSwift.setAllocationHook(nil)
try engine.stop()

// Loading a plugin gave descriptor 1 to standard error (`StandardOutput.reserveForPeach`): the counts go through Peach's copy.
StandardOutput.write("render-thread allocations: \(renderThreadAllocations.load(ordering: .relaxed))\n"
                     + "other-thread allocations: \(otherAllocations.load(ordering: .relaxed))\n"
                     + "limited frames: \(engine.limitedFrames)\n")
