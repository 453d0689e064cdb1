import FlowModel
import Testing

/// Strict parsing of argument text (`ParameterType.parse`), shared by flow files, scripts and links.
struct ParameterTypeParsingTests {
    @Test(arguments: [
        ("7", Value?.some(.int(7))), ("-3", .int(-3)), ("0", .int(0)), ("07", nil), ("+7", nil), ("0x1F", nil),
        ("1_000", nil), ("", nil), ("-", nil), ("99999999999999999999", nil), ("7.0", nil),
    ])
    func integers(text: String, expected: Value?) {
        #expect(ParameterType.int.parse(text) == expected)
    }

    @Test(arguments: [
        ("2.5", Value?.some(.double(2.5))), ("-1", .double(-1)), ("1e3", .double(1000)), ("-2.5E-3", .double(-0.0025)),
        ("0.0", .double(0)), ("0e5", .double(0)), ("+1", nil), (".5", nil), ("1.", nil), ("1e", nil), ("1e400", nil),
        ("1e-400", nil), ("nan", nil), ("inf", nil), ("0x10", nil), ("", nil),
    ])
    func doubles(text: String, expected: Value?) {
        #expect(ParameterType.double.parse(text) == expected)
    }

    @Test func booleansAreExactlyTrueOrFalse() {
        #expect(ParameterType.bool.parse("true") == .bool(true))
        #expect(ParameterType.bool.parse("false") == .bool(false))
        for text in ["yes", "no", "on", "off", "y", "n", "True", "1"] {
            #expect(ParameterType.bool.parse(text) == nil, "\(text)")
        }
    }
}
