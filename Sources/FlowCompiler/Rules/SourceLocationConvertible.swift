import FlowDefinitions
import FlowModel

/// Something a diagnostic can point at: a location, or a located value (whose end column is known).
protocol SourceLocationConvertible {
    /// The start, and the end column on the same line when known.
    var sourceRange: (SourceLocation, Int?) { get }
}

extension SourceLocation: SourceLocationConvertible {
    var sourceRange: (SourceLocation, Int?) { (self, nil) }
}

extension Located: SourceLocationConvertible where Value == String {
    /// Points at the name; the end column assumes the name is written plainly on one line.
    var sourceRange: (SourceLocation, Int?) { (location, location.column + value.unicodeScalars.count) }
}
