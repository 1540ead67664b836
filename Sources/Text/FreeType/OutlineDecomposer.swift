import CFreeType
import Geometry
import Raster

/// Converts a FreeType outline into a Raster `Path` with `FT_Outline_Decompose`.
///
/// Coordinates are taken as they are in the outline (font units when the
/// glyph was loaded with `FT_LOAD_NO_SCALE`) with y negated, so the path is in
/// UIKit's y-down space with the glyph origin on the baseline. TrueType's
/// conic segments become quadratic curves; CFF's cubic segments become cubics.
/// FreeType starts every contour with `move_to` and never emits a close, so
/// each contour is closed here before the next one starts and at the end.
enum OutlineDecomposer {
    /// The path being built while FreeType walks the outline.
    private final class Builder {
        var path = Path()
        var open = false

        func point(_ v: UnsafePointer<FT_Vector>?) -> Point {
            guard let v else { return .zero }
            return Point(x: Double(v.pointee.x), y: -Double(v.pointee.y))
        }
    }

    private static func builder(_ user: UnsafeMutableRawPointer?) -> Builder {
        Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
    }

    /// The outline as a path (empty for a glyph with no contours, such as a space).
    ///
    /// - Throws: `TextError.freeType` when FreeType rejects the outline.
    /// - Complexity: O(n) in the number of outline points.
    static func decompose(_ outline: inout FT_Outline) throws(TextError) -> Path {
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let b = OutlineDecomposer.builder(user)
                if b.open { b.path.closeSubpath() }
                b.path.move(to: b.point(to))
                b.open = true
                return 0
            },
            line_to: { to, user in
                let b = OutlineDecomposer.builder(user)
                b.path.addLine(to: b.point(to))
                return 0
            },
            conic_to: { control, to, user in
                let b = OutlineDecomposer.builder(user)
                b.path.addQuadCurve(to: b.point(to), control: b.point(control))
                return 0
            },
            cubic_to: { control1, control2, to, user in
                let b = OutlineDecomposer.builder(user)
                b.path.addCurve(to: b.point(to), control1: b.point(control1), control2: b.point(control2))
                return 0
            },
            shift: 0, delta: 0)
        let builder = Builder()
        let code = withExtendedLifetime(builder) {
            FT_Outline_Decompose(&outline, &funcs, Unmanaged.passUnretained(builder).toOpaque())
        }
        guard code == 0 else {
            throw .freeType(
                operation: "FT_Outline_Decompose", code: code, message: FreeTypeErrorMessage.message(for: code))
        }
        if builder.open { builder.path.closeSubpath() }
        return builder.path
    }
}
