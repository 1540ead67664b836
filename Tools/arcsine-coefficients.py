#!/usr/bin/env python3
"""Prints the coefficients of `unitArcsine` (Sources/CIntrinsics/intrinsics.h) and checks them.

The rounded corners' integrals need arcsin(a) for a in 0...1. The project computes it itself,
so that four AVX2 lanes give the same bits as the scalar code (and so that the value does not
depend on which build of the C library's `asin` runs). Below 1/2,

    arcsin(t) = t + t * z * P(z),  z = t^2 in [0, 1/4],

and above 1/2 the half-angle identity arcsin(a) = pi/2 - 2 arcsin(sqrt((1 - a) / 2)) brings
the argument below 1/2. P is the polynomial of degree 12 that interpolates

    f(z) = (arcsin(sqrt(z)) - sqrt(z)) / z^(3/2)

at the 13 Chebyshev nodes of [0, 1/4] (close to the minimax polynomial), solved in 50-digit
arithmetic and rounded to doubles. The script then evaluates the C code's operations in
doubles (Estrin's scheme, no fused multiply-add) at 34,000 points and prints the worst error
in units in the last place against 50-digit arcsines.

Needs mpmath (pip install mpmath). Usage:
    python3 Tools/arcsine-coefficients.py
"""

import math
import random

import mpmath as mp

mp.mp.dps = 50
DEGREE = 12


def f(z):
    """(arcsin(sqrt z) - sqrt z) / z^(3/2) in 50 digits; its limit 1/6 at 0."""
    z = mp.mpf(z)
    if z == 0:
        return mp.mpf(1) / 6
    x = mp.sqrt(z)
    return (mp.asin(x) - x) / (z * x)


def coefficients():
    """The interpolating polynomial's coefficients, constant term first, as doubles."""
    n = DEGREE + 1
    low, high = mp.mpf(0), mp.mpf(1) / 4
    nodes = [
        (low + high) / 2 + (high - low) / 2 * mp.cos(mp.pi * (k + mp.mpf(1) / 2) / n)
        for k in range(n)
    ]
    vandermonde = mp.matrix([[node**j for j in range(n)] for node in nodes])
    values = mp.matrix([f(node) for node in nodes])
    solution = mp.lu_solve(vandermonde, values)
    return [float(solution[j]) for j in range(n)]


def unit_arcsine(a, c):
    """The C function's operations, one double operation at a time."""
    small = a <= 0.5
    z = a * a if small else (1.0 - a) * 0.5
    t = a if small else math.sqrt(z)
    z2 = z * z
    z4 = z2 * z2
    z8 = z4 * z4
    q0 = (c[0] + c[1] * z) + z2 * (c[2] + c[3] * z)
    q1 = (c[4] + c[5] * z) + z2 * (c[6] + c[7] * z)
    q2 = (c[8] + c[9] * z) + z2 * (c[10] + c[11] * z)
    p = (q0 + z4 * q1) + z8 * (q2 + z4 * c[12])
    r = t + t * (z * p)
    return r if small else 1.5707963267948966 - 2.0 * r


def main():
    c = coefficients()
    print("coefficients, constant term first:")
    print(", ".join(repr(v) for v in c))
    rng = random.Random(2)
    points = [rng.random() for _ in range(30000)] + [i / 4096 for i in range(4097)]
    worst = {True: 0.0, False: 0.0}
    for a in points:
        exact = mp.asin(mp.mpf(a))
        if exact == 0:
            continue
        ulp = mp.mpf(2) ** (mp.floor(mp.log(abs(exact), 2)) - 52)
        error = float(abs(mp.mpf(unit_arcsine(a, c)) - exact) / ulp)
        worst[a <= 0.5] = max(worst[a <= 0.5], error)
    print(f"worst error: {worst[True]:.2f} ulp for a <= 1/2, {worst[False]:.2f} ulp above")


if __name__ == "__main__":
    main()
