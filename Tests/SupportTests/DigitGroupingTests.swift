import Support
import Testing

@Suite struct DigitGroupingTests {
    @Test(arguments: [
        (0, "0"), (999, "999"), (1000, "1,000"), (346_245, "346,245"), (1_234_567, "1,234,567"),
        (-1000, "-1,000"), (Int.min, "-9,223,372,036,854,775,808"),
    ])
    func groupsOfThreeDigits(value: Int, text: String) {
        #expect(digitsGrouped(value) == text)
    }
}
