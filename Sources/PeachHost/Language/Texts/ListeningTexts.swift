/// The tools that listen: where they hear the player.
extension TextCatalog {
    static let listening = TextSection(
        english: [
            .helpInputDevice: "The ALSA capture device to listen to (default: default; `peach devices --inputs` lists them).",
            .helpInputChannel: "The channel of the input to listen to, from 1 (default: 1), for an interface with several.",
            .helpInputFile: "Listen to a sound file (WAV, FLAC, …) instead of a device.",
            .inputDeviceOrFile: "--input-device and --input both name what to listen to: give one",
            .inputChannelOutside: "channel %1 does not exist: channels count from 1",
            .inputNoSuchChannel: "'%1' has %3 channel(s), so there is no channel %2",
            .inputNoDevice: "no capture device '%1' (%2); `peach devices --inputs` lists them",
            .inputUnsupported: "capture device '%1' cannot record what Peach needs: %2",
            .inputCannotRead: "cannot read the sound file '%1': %2",
        ],
        german: [
            .helpInputDevice: "Das ALSA-Aufnahmegerät, auf das gehört wird (Standard: default; `peach devices --inputs` listet sie).",
            .helpInputChannel: "Der Kanal des Eingangs, ab 1 gezählt (Standard: 1), für ein Interface mit mehreren.",
            .helpInputFile: "Eine Tondatei (WAV, FLAC, …) statt eines Geräts anhören.",
            .inputDeviceOrFile: "--input-device und --input nennen beide, worauf gehört wird: nur eines angeben",
            .inputChannelOutside: "Kanal %1 gibt es nicht: Kanäle werden ab 1 gezählt",
            .inputNoSuchChannel: "'%1' hat %3 Kanal/Kanäle, also keinen Kanal %2",
            .inputNoDevice: "kein Aufnahmegerät '%1' (%2); `peach devices --inputs` listet sie",
            .inputUnsupported: "das Aufnahmegerät '%1' kann nicht aufnehmen, was Peach braucht: %2",
            .inputCannotRead: "die Tondatei '%1' ist nicht lesbar: %2",
        ])
}
