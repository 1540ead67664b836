import Geometry

/// A drawing surface over an `Image`, in device pixels.
///
/// Canvas draws with exact-area anti-aliasing (see `ScanConverter`) and
/// premultiplied source-over compositing (see `Blend`). It keeps a stack of
/// clips and a stack of transparency layers for group opacity. All
/// coordinates are device pixels; callers map points to pixels with the
/// transform they pass (a 2x canvas passes scale(2, 2)).
///
/// A canvas is not thread-safe; use one per thread (rendering parallelises
/// across frames and scenes, never inside one canvas).
public final class Canvas {
    // The stored state is read on every draw call (a frame of S3 makes about 1,400 such reads),
    // and the dynamic exclusivity check on each class property access cost more than the
    // read (about 3% of S3's instructions with the corner cache's). A canvas is used by one
    // thread at a time and no method holds an access across a call that could re-enter it, so
    // these properties are marked `@exclusivity(unchecked)`.
    @exclusivity(unchecked) var surfaces: [Surface]
    @exclusivity(unchecked) var layerOpacities: [UInt32] = []
    @exclusivity(unchecked) var clips: [Clip] = []
    let scan = ScanConverter()
    /// One row of combined coverage for `RunPainter` (clip × shape).
    @exclusivity(unchecked) var line = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
    @exclusivity(unchecked) var lineCapacity = 64
    /// Recently used corner tables of the axis-aligned fast path.
    let cornerTables = CornerCutTable.Cache()
    /// The corner rows of recently drawn layer boxes, for boxes of the same shapes.
    let cornerRows = CornerRowRecording.Cache()
    /// Whether the axis-aligned fast path paints a box's band of plain rows without classifying
    /// each (tests turn it off for a reference).
    @exclusivity(unchecked) var paintsPlainBands = true
    /// Whether `clear` defers its writes (`DeferredClear`); tests turn it off for a reference.
    @exclusivity(unchecked) var defersClears = true
    /// Runs of one row of the axis-aligned fast path.
    @exclusivity(unchecked) var runScratch = RawBuffer<CoverageRun>(capacity: 64)

    deinit {
        line.deallocate()
        runScratch.deallocate()
    }

    /// Creates a canvas that draws into a copy of `image`.
    ///
    /// - Complexity: O(width · height): one copy (the new memory is not zeroed first).
    public init(image: Image) {
        surfaces = [Surface(copying: image)]
    }

    /// Creates a canvas of the given pixel size filled with `background`.
    ///
    /// The fill is deferred like `clear(_:)`'s: each row is written once, when drawing first
    /// reaches it or when the pixels are read, not zeroed first and then filled.
    ///
    /// - Throws: `RasterError` when the size is out of `ImageLimits`.
    public convenience init(width: Int, height: Int, background: Color = .clear) throws(RasterError) {
        try ImageLimits.check(width: width, height: height)
        self.init(
            surface: Surface(
                bounds: PixelRect(minX: 0, minY: 0, maxX: width, maxY: height),
                clearedTo: background.premultiplied.packedWord, defers: true))
    }

    init(surface: Surface) {
        surfaces = [surface]
    }

    /// The pixels drawn so far (the base layer; open transparency layers are not included).
    ///
    /// - Complexity: O(width · height): the pixels are copied. `Image.drawing` draws into an
    ///   image's own storage instead.
    public var image: Image { surfaces[0].makeImage() }

    /// Writes every pixel of the base layer whose writing drawing has put off (the rows of a
    /// clear that nothing has drawn in yet, `DeferredClear`), so that the canvas's memory holds
    /// the finished picture, as `CGContext.flush()` or Blend2D's `BLContext.flush` finish
    /// theirs. `image` and `Image.drawing` do this themselves; a benchmark calls it to time a
    /// frame to its end without copying the pixels out.
    ///
    /// - Complexity: O(width · height) at most: what the clear has left to write.
    public func flush() {
        surfaces[0].settleAll()
    }

    /// Width in pixels.
    public var width: Int { surfaces[0].width }
    /// Height in pixels.
    public var height: Int { surfaces[0].height }

    var target: Surface { surfaces[surfaces.count - 1] }

    /// The pixels drawing may currently touch: the target layer within the innermost clip.
    var drawableBounds: PixelRect {
        let b = target.bounds
        return clips.last.map { $0.bounds.intersection(b) } ?? b
    }

    /// Replaces every pixel of the current layer with `color` (a copy, not a blend), ignoring clips.
    ///
    /// The rows are written a band at a time, just before drawing first reaches them, while the
    /// drawing that follows still finds them in the cache (`DeferredClear`); the bytes are those
    /// of a clear written at once.
    ///
    /// - Complexity: O(height) here; O(width · height) in all, spread over the drawing that follows.
    public func clear(_ color: Color) {
        target.clear(to: color.premultiplied.packedWord, defers: defersClears)
    }

    /// Fills `path`, mapped by `transform`, with `color`.
    ///
    /// - Complexity: O(e log e + edge length in pixels + rows) for e flattened edges.
    public func fill(_ path: Path, color: Color, transform: AffineTransform = .identity, fillRule: FillRule = .nonZero)
    {
        guard color.alpha > 0 else { return }
        scan.reset()
        scan.addPath(path, transform: transform)
        paintScan(color.premultiplied.packedWord, fillRule: fillRule)
    }

    /// Fills `rect` mapped by `transform`.
    ///
    /// Under a transform without rotation or skew (`b == 0 && c == 0`) this
    /// takes the axis-aligned fast path, whose bytes are identical to the
    /// scan converter's for the same rectangle (see `Canvas+AxisAligned.swift`).
    ///
    /// - Complexity: O(rows + covered pixels).
    public func fillRect(_ rect: Rect, color: Color, transform: AffineTransform = .identity) {
        guard color.alpha > 0 else { return }
        if fillAxisAligned(rect, cornerRadii: .zero, color: color, transform: transform) { return }
        var p = Path()
        p.addRect(rect)
        fill(p, color: color, transform: transform)
    }

    /// Fills a rounded rectangle mapped by `transform`.
    ///
    /// Under a transform without rotation or skew the corners are exact
    /// circle (ellipse) areas computed in closed form, not flattened cubics
    /// (see `Canvas+AxisAligned.swift`); otherwise the path is scan converted.
    ///
    /// - Complexity: O(rows + covered pixels).
    public func fillRoundedRect(
        _ rect: Rect, cornerRadii: CornerRadii, color: Color, transform: AffineTransform = .identity
    ) {
        guard color.alpha > 0 else { return }
        if fillAxisAligned(rect, cornerRadii: cornerRadii, color: color, transform: transform) { return }
        var p = Path()
        p.addRoundedRect(rect, cornerRadii: cornerRadii)
        fill(p, color: color, transform: transform)
    }

    /// Draws a border the way `CALayer` does: a ring of `width` inside `rect`'s
    /// edge, following the corner radii (inner radii = outer − width).
    ///
    /// A width of at least half the smaller side fills the whole shape. The
    /// ring's coverage is the coverage of the outer shape minus that of the
    /// inner one: exact under a transform without rotation or skew, and from
    /// two separate scan-converter accumulations otherwise.
    ///
    /// - Complexity: O(rows + covered pixels).
    public func strokeBorder(
        _ rect: Rect, cornerRadii: CornerRadii, width: Double, color: Color, transform: AffineTransform = .identity
    ) {
        guard width > 0, color.alpha > 0, !rect.isEmpty else { return }
        if strokeBorderAxisAligned(rect, cornerRadii: cornerRadii, width: width, color: color, transform: transform) {
            return
        }
        // Otherwise the ring is scan converted as outer minus inner, each shape
        // accumulated apart (see `ScanConverter.sweepRing`).
        _ = addBorderEdges(rect, cornerRadii: cornerRadii, width: width, transform: transform)
        settleScanArea()
        scan.paintRing(in: drawableBounds, with: makePainter(color.premultiplied.packedWord))
    }

    /// Replaces the scan converter's edges with a border's ring: the outer rounded rectangle,
    /// then the inner one (inset by `width`, radii inset likewise) as the ring's inner shape.
    /// Returns the outer edges' own bounds.
    func addBorderEdges(
        _ rect: Rect, cornerRadii: CornerRadii, width: Double, transform: AffineTransform
    ) -> PixelRect {
        var outer = Path()
        outer.addRoundedRect(rect, cornerRadii: cornerRadii)
        scan.reset()
        scan.addPath(outer, transform: transform)
        let outerBounds = scan.edgeBounds
        let inset = rect.insetBy(dx: width, dy: width)
        if inset.width > 0 && inset.height > 0 {
            var inner = Path()
            inner.addRoundedRect(inset, cornerRadii: cornerRadii.clamped(to: rect).insetBy(width))
            scan.addPath(inner, transform: transform, inner: true)
        }
        return outerBounds
    }

    /// Fills a rounded rectangle with `color` and draws a `CALayer`-style border over it: a
    /// layer's background and border. The bytes are those of `fillRoundedRect` followed by
    /// `strokeBorder` with the same rectangle, radii and transform.
    ///
    /// Both come from one sweep, row by row the fill's runs and then the ring's: under
    /// rotation or skew one accumulation of the outer contour serves both
    /// (`ScanConverter.sweepFillAndRing`), and otherwise the outer corners' exact areas are
    /// computed once for both (`sweepAxisAligned(_:minus:in:into:under:)`), where the two calls
    /// do that work twice.
    ///
    /// - Complexity: O(rows + covered pixels).
    public func fillRoundedRect(
        _ rect: Rect, cornerRadii: CornerRadii, color: Color, borderWidth: Double, borderColor: Color,
        transform: AffineTransform = .identity
    ) {
        guard color.alpha > 0, borderWidth > 0, borderColor.alpha > 0, !rect.isEmpty else {
            fillRoundedRect(rect, cornerRadii: cornerRadii, color: color, transform: transform)
            strokeBorder(rect, cornerRadii: cornerRadii, width: borderWidth, color: borderColor, transform: transform)
            return
        }
        if fillAndStrokeBorderAxisAligned(
            rect, cornerRadii: cornerRadii, color: color, borderWidth: borderWidth, borderColor: borderColor,
            transform: transform)
        {
            return
        }
        if DeviceRoundedRect(rect, radii: cornerRadii, transform: transform) == nil {
            // Both shapes take the path route: the ring's edges, as `strokeBorder` adds them.
            let outerBounds = addBorderEdges(rect, cornerRadii: cornerRadii, width: borderWidth, transform: transform)
            // The fill's sweep area must be the outer edges' own (an inner edge can stray
            // past them by the flattening tolerance when the border is thinner than that).
            if scan.edgeBounds == outerBounds {
                settleScanArea()
                scan.sweepFillAndRing(
                    in: drawableBounds, fill: makePainter(color.premultiplied.packedWord),
                    ring: makePainter(borderColor.premultiplied.packedWord))
                return
            }
        }
        fillRoundedRect(rect, cornerRadii: cornerRadii, color: color, transform: transform)
        strokeBorder(rect, cornerRadii: cornerRadii, width: borderWidth, color: borderColor, transform: transform)
    }

    /// Composites `color` through a coverage mask placed at its device-pixel origin.
    ///
    /// - Complexity: O(mask width · mask height).
    public func fill(_ mask: CoverageMask, color: Color) {
        guard color.alpha > 0 else { return }
        let area = drawableBounds.intersection(
            PixelRect(
                minX: mask.originX, minY: mask.originY, maxX: mask.originX + mask.width,
                maxY: mask.originY + mask.height))
        guard !area.isEmpty else { return }
        target.settle(area)
        let painter = makePainter(color.premultiplied.packedWord)
        mask.coverage.withUnsafeBufferPointer { cov in
            let base = cov.baseAddress!
            for y in area.minY..<area.maxY {
                let src = base + ((y - mask.originY) * mask.width + (area.minX - mask.originX))
                painter.blit(y, x: area.minX, count: area.width, coverage: src)
            }
        }
    }

    /// Paints the scan converter's current shape with a packed premultiplied colour.
    ///
    /// Shapes at most 64 px wide (glyphs filled as outlines, under rotation) are painted from
    /// dense rows of coverage: their rows are crossed by many short edges, and one prefix sum
    /// over a few dozen cells plus the vector coverage blend costs less than sorting the
    /// touched spans and painting a run per edge pixel, with no branch that flips along the
    /// outline (S2's 107 rotated glyphs 0.83 → 0.65 ms). The bytes are the runs route's.
    func paintScan(_ word: UInt32, fillRule: FillRule) {
        settleScanArea()
        if scan.edgeBounds.width <= 64 {
            scan.sweepDense(in: drawableBounds, fillRule: fillRule, into: makePainter(word))
        } else {
            scan.paint(in: drawableBounds, fillRule: fillRule, with: makePainter(word))
        }
    }

    /// Settles the target's rows that painting the scan converter's current shape may touch
    /// (those of `drawableBounds ∩ edgeBounds`, as every sweep reads them).
    func settleScanArea() {
        target.settle(drawableBounds.intersection(scan.edgeBounds))
    }

    /// Restricts drawing to the rounded rectangle mapped by `transform` until the matching `popClip()`.
    ///
    /// Clips nest: the new clip is the intersection with the current one. A
    /// pixel-aligned rectangle is kept as bounds alone; anything else becomes
    /// an exact-area coverage mask.
    public func pushClip(_ rect: Rect, cornerRadii: CornerRadii = .zero, transform: AffineTransform = .identity) {
        let outer = drawableBounds
        if cornerRadii.isZero && transform.b == 0 && transform.c == 0 {
            let a = transform.apply(to: Point(x: rect.minX, y: rect.minY))
            let b = transform.apply(to: Point(x: rect.maxX, y: rect.maxY))
            let x0 = min(a.x, b.x), x1 = max(a.x, b.x), y0 = min(a.y, b.y), y1 = max(a.y, b.y)
            if [x0, x1, y0, y1].allSatisfy({ $0 == $0.rounded() && abs($0) < 1e9 }) {
                let bounds = outer.intersection(PixelRect(minX: Int(x0), minY: Int(y0), maxX: Int(x1), maxY: Int(y1)))
                var clip = Clip(bounds: bounds, mask: nil)
                if let parent = clips.last, parent.mask != nil, !bounds.isEmpty {
                    clip.mask = maskCopy(of: parent, over: bounds)
                }
                clips.append(clip)
                return
            }
        }
        // The mask's coverage comes from the same route a fill of this shape takes
        // (analytic under scale + translate, scan converted otherwise), so a clip
        // and a fill of one rounded rectangle have the same edge.
        let shape = DeviceRoundedRect(rect, radii: cornerRadii, transform: transform)
        let bounds: PixelRect
        if let shape {
            bounds = outer.intersection(
                PixelRect.enclosing(minX: shape.minX, minY: shape.minY, maxX: shape.maxX, maxY: shape.maxY))
        } else {
            var p = Path()
            p.addRoundedRect(rect, cornerRadii: cornerRadii)
            scan.reset()
            scan.addPath(p, transform: transform)
            bounds = outer.intersection(scan.edgeBounds)
        }
        let mask = ClipMask(count: bounds.width * bounds.height)
        if !bounds.isEmpty {
            let values = mask.values
            let blitter = MaskBlitter(values: values, bounds: bounds)
            if let shape {
                sweepAxisAligned(shape, minus: nil, in: bounds, into: blitter)
            } else {
                scan.sweep(in: bounds, fillRule: .nonZero, into: blitter)
            }
            if let parent = clips.last, parent.mask != nil {
                for y in bounds.minY..<bounds.maxY {
                    for x in bounds.minX..<bounds.maxX {
                        let i = (y - bounds.minY) * bounds.width + (x - bounds.minX)
                        values[i] = UInt8(div255(UInt32(values[i]) * UInt32(parent.coverage(x: x, y: y))))
                    }
                }
            }
        }
        clips.append(Clip(bounds: bounds, mask: mask))
    }

    private func maskCopy(of parent: Clip, over bounds: PixelRect) -> ClipMask {
        let mask = ClipMask(count: bounds.width * bounds.height)
        for y in bounds.minY..<bounds.maxY {
            for x in bounds.minX..<bounds.maxX {
                mask.values[(y - bounds.minY) * bounds.width + (x - bounds.minX)] = parent.coverage(x: x, y: y)
            }
        }
        return mask
    }

    /// Removes the innermost clip. Unbalanced calls are ignored.
    public func popClip() {
        if !clips.isEmpty { clips.removeLast() }
    }

    /// Starts an offscreen layer; drawing goes there until `endTransparencyLayer()`,
    /// which composites it at `opacity` (group opacity, as a `CALayer` with `opacity < 1`).
    ///
    /// - Parameters:
    ///   - opacity: 0…1, applied once to the whole layer.
    ///   - bounds: the device-pixel area the layer's drawing can reach, when known;
    ///     the layer is allocated only for that area (within the current clip).
    public func beginTransparencyLayer(opacity: Double, bounds: Rect? = nil) {
        var area = drawableBounds
        if let bounds, !bounds.isNull {
            area = area.intersection(
                PixelRect.enclosing(minX: bounds.minX, minY: bounds.minY, maxX: bounds.maxX, maxY: bounds.maxY))
        }
        if area.isEmpty { area = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0) }
        surfaces.append(Surface(bounds: area, clearedTo: 0, defers: defersClears))
        let o = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        layerOpacities.append(UInt32(o * 255 + 0.5))
    }

    /// Composites the innermost transparency layer onto the one below. Unbalanced calls are ignored.
    public func endTransparencyLayer() {
        guard surfaces.count > 1 else { return }
        let layer = surfaces.removeLast()
        let opacity = layerOpacities.removeLast()
        guard opacity > 0, !layer.bounds.isEmpty else { return }
        let dst = target
        let area = layer.bounds.intersection(dst.bounds)
        guard !area.isEmpty else { return }
        // The rows that drawing never reached still stand for the layer's clear. A transparent
        // clear's rows are left out: composited, a transparent pixel changes nothing (and the
        // rows of `dst` under them need not be settled). Another clear's are written first.
        if layer.deferredClear?.word != 0 { layer.settleAll() }
        var y = area.minY
        while y < area.maxY {
            guard layer.holdsPixels(row: y) else {
                y += 1
                continue
            }
            var past = y + 1
            while past < area.maxY && layer.holdsPixels(row: past) { past += 1 }
            dst.settle(PixelRect(minX: area.minX, minY: y, maxX: area.maxX, maxY: past))
            for row in y..<past {
                Blend.composite(dst.row(row) + area.minX, layer.row(row) + area.minX, area.width, opacity: opacity)
            }
            y = past
        }
    }
}
