import CALSA

/// The machine's ALSA sound cards, as numbered by the kernel.
public enum SoundCards {
    /// Card numbers in order; empty without sound hardware (a VM, a CI runner).
    public static var all: [Int32] {
        var cards: [Int32] = []
        var card: Int32 = -1
        while snd_card_next(&card) >= 0 && card >= 0 && cards.count < 64 { cards.append(card) }
        return cards
    }

    /// The first card's number, nil when there is none.
    public static var first: Int32? { all.first }
}
