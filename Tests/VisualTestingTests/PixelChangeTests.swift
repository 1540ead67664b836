import Testing

@testable import VisualTesting

/// A change is kept in 8 bytes: its row and kind share a word.
struct PixelChangeTests {
    @Test(arguments: [PixelChange.Kind.lighter, .darker, .antiAliased])
    func rowAndKindComeBackAsGiven(_ kind: PixelChange.Kind) {
        for y in [0, 1, 16_383, (1 << 30) - 1] {
            let change = PixelChange(x: 16_383, y: y, kind: kind)
            #expect(change.x == 16_383 && Int(change.y) == y && change.kind == kind)
        }
        var change = PixelChange(x: 3, y: 4, kind: kind)
        change.y = 9
        #expect(change.y == 9 && change.kind == kind)
        change.kind = .darker
        #expect(change.y == 9 && change.kind == .darker)
        #expect(change != PixelChange(x: 3, y: 9, kind: .lighter))
    }

    @Test func aChangeTakesEightBytes() {
        #expect(MemoryLayout<PixelChange>.stride == 8)
    }
}
