// Renders notes, a source swap and a note released mid-attack through the real
// engine while every malloc in the process is interposed, and prints how many
// allocations happened on the render thread. Run with
// LD_PRELOAD=<bin>/libMallocInterposerSwift.so; the test does that.
// `RenderAllocationProbe fluid` plays the FluidSynth source instead of Sine,
// with a live program change before the swap.
import Glibc
import MallocInterposerSwift
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

let fluid = CommandLine.arguments.dropFirst().first == "fluid"
func makeSource(_ options: [String: String]) throws -> SourceInstance {
    fluid ? try FluidFixture.instance(options: options) : try SineFixture.instance(options: options)
}
let first = try makeSource(fluid ? ["program": "73"] : [:])
let engine = try AudioEngine(output: NullOutput(paced: true), source: first)
let replacement = try makeSource(fluid ? ["program": "19"] : ["gain": "0.3"])
engine.start()
renderThread.store(engine.renderThread!, ordering: .relaxed)
_ = engine.wait(untilRendered: 4800)  // let the thread settle before counting

MallocInterposerSwift.initialize()
MallocInterposerSwift.setAllocationHook(countByThread)
MallocInterposerSwift.hook()
var frame = engine.renderedFrames + 2400
for index in 0..<20 {
    if fluid && index == 10 { try first.set("program", to: "80") }  // live, between notes
    // A fraction of a cent, so that the FluidSynth source's resampler works too.
    try engine.playNote(frequency: 220 * Double(index + 1) * 1.0002, at: frame, durationFrames: index == 7 ? 50 : 2000)
    frame += 2400
}
_ = engine.wait(untilRendered: frame / 2)
try engine.swapSource(to: replacement)
_ = engine.wait(untilRendered: frame + 4800)
MallocInterposerSwift.unhook()
MallocInterposerSwift.setAllocationHook(nil)
try engine.stop()

print("render-thread allocations: \(renderThreadAllocations.load(ordering: .relaxed))")
print("other-thread allocations: \(otherAllocations.load(ordering: .relaxed))")
