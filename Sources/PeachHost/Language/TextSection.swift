/// The texts of one part of Peach, in each language.
struct TextSection {
    let english: [TextKey: String]
    let german: [TextKey: String]
}
