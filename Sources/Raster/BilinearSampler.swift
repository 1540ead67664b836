/// Bilinear sampling of premultiplied RGBA8 words with clamp-to-edge, using
/// 8-bit fixed-point weights (the fractions are rounded to 1/256).
struct BilinearSampler {
    let pixels: UnsafeBufferPointer<UInt32>
    let width: Int
    let height: Int

    @inline(__always) func sample(_ u: Double, _ v: Double) -> UInt32 {
        let uc = min(max(u, 0), Double(width - 1)), vc = min(max(v, 0), Double(height - 1))
        let x0 = Int(uc), y0 = Int(vc)
        let fx = UInt32(((uc - Double(x0)) * 256).rounded()), fy = UInt32(((vc - Double(y0)) * 256).rounded())
        let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        let p00 = pixels[y0 * width + x0], p10 = pixels[y0 * width + x1]
        let p01 = pixels[y1 * width + x0], p11 = pixels[y1 * width + x1]
        if fx == 0 && fy == 0 { return p00 }
        var out: UInt32 = 0
        for shift in stride(from: 0 as UInt32, to: 32, by: 8) {
            let a = (p00 >> shift) & 255, b = (p10 >> shift) & 255
            let c = (p01 >> shift) & 255, d = (p11 >> shift) & 255
            let top = a * (256 - fx) + b * fx, bottom = c * (256 - fx) + d * fx
            let value = (top * (256 - fy) + bottom * fy + 32768) >> 16
            out |= min(value, 255) << shift
        }
        return out
    }
}
