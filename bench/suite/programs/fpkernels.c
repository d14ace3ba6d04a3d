/* Floating-point kernels: an n-body simulation of five bodies (the Sun and the four giant
 * planets, leapfrog steps, energy printed before and after) and the spectral norm of the
 * infinite matrix A(i,j) = 1/((i+j)(i+j+1)/2+i+1) by power iteration on an N x N section.
 * Use: fpkernels [STEPS [N]]. Written for this suite. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "suite_text.h"

#define PI 3.141592653589793
#define SOLAR_MASS (4 * PI * PI)
#define DAYS_PER_YEAR 365.24

struct body {
	double x[3], v[3], mass;
};

static struct body bodies[5] = {
	{ { 0, 0, 0 }, { 0, 0, 0 }, SOLAR_MASS },
	{ { 4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01 },
	  { 1.66007664274403694e-03 * DAYS_PER_YEAR, 7.69901118419740425e-03 * DAYS_PER_YEAR,
	    -6.90460016972063023e-05 * DAYS_PER_YEAR },
	  9.54791938424326609e-04 * SOLAR_MASS },
	{ { 8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01 },
	  { -2.76742510726862411e-03 * DAYS_PER_YEAR, 4.99852801234917238e-03 * DAYS_PER_YEAR,
	    2.30417297573763929e-05 * DAYS_PER_YEAR },
	  2.85885980666130812e-04 * SOLAR_MASS },
	{ { 1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01 },
	  { 2.96460137564761618e-03 * DAYS_PER_YEAR, 2.37847173959480950e-03 * DAYS_PER_YEAR,
	    -2.96589568540237556e-05 * DAYS_PER_YEAR },
	  4.36624404335156298e-05 * SOLAR_MASS },
	{ { 1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01 },
	  { 2.68067772490389322e-03 * DAYS_PER_YEAR, 1.62824170038242295e-03 * DAYS_PER_YEAR,
	    -9.51592254519715870e-05 * DAYS_PER_YEAR },
	  5.15138902046611451e-05 * SOLAR_MASS },
};
enum { BODIES = 5 };

static double energy(void)
{
	double e = 0;
	for (int i = 0; i < BODIES; i++) {
		struct body *b = &bodies[i];
		e += 0.5 * b->mass * (b->v[0] * b->v[0] + b->v[1] * b->v[1] + b->v[2] * b->v[2]);
		for (int j = i + 1; j < BODIES; j++) {
			double d2 = 0;
			for (int k = 0; k < 3; k++)
				d2 += (b->x[k] - bodies[j].x[k]) * (b->x[k] - bodies[j].x[k]);
			e -= b->mass * bodies[j].mass / sqrt(d2);
		}
	}
	return e;
}

static void advance(double dt)
{
	for (int i = 0; i < BODIES; i++) {
		for (int j = i + 1; j < BODIES; j++) {
			double d[3], d2 = 0;
			for (int k = 0; k < 3; k++) {
				d[k] = bodies[i].x[k] - bodies[j].x[k];
				d2 += d[k] * d[k];
			}
			double mag = dt / (d2 * sqrt(d2));
			for (int k = 0; k < 3; k++) {
				bodies[i].v[k] -= d[k] * bodies[j].mass * mag;
				bodies[j].v[k] += d[k] * bodies[i].mass * mag;
			}
		}
	}
	for (int i = 0; i < BODIES; i++)
		for (int k = 0; k < 3; k++)
			bodies[i].x[k] += dt * bodies[i].v[k];
}

static double a(int i, int j)
{
	return 1.0 / ((i + j) * (i + j + 1) / 2 + i + 1);
}

/* out = A v, or A^T v */
static void times(const double *v, double *out, int n, int transpose)
{
	for (int i = 0; i < n; i++) {
		double s = 0;
		for (int j = 0; j < n; j++)
			s += (transpose ? a(j, i) : a(i, j)) * v[j];
		out[i] = s;
	}
}

static double spectral_norm(int n)
{
	double *u = malloc(n * sizeof(double)), *v = malloc(n * sizeof(double));
	double *t = malloc(n * sizeof(double));
	if (!u || !v || !t)
		exit(1);
	for (int i = 0; i < n; i++)
		u[i] = 1;
	for (int i = 0; i < 10; i++) {
		times(u, t, n, 0);
		times(t, v, n, 1);	/* v = A^T A u */
		times(v, t, n, 0);
		times(t, u, n, 1);	/* u = A^T A v */
	}
	double uv = 0, vv = 0;
	for (int i = 0; i < n; i++) {
		uv += u[i] * v[i];
		vv += v[i] * v[i];
	}
	free(u);
	free(v);
	free(t);
	return sqrt(uv / vv);
}

int main(int argc, char **argv)
{
	unsigned long steps = suite_arg(argc, argv, 1, 2000000);
	int n = (int)suite_arg(argc, argv, 2, 1000);
	double px = 0, py = 0, pz = 0;
	for (int i = 0; i < BODIES; i++) {
		px += bodies[i].v[0] * bodies[i].mass;
		py += bodies[i].v[1] * bodies[i].mass;
		pz += bodies[i].v[2] * bodies[i].mass;
	}
	bodies[0].v[0] = -px / SOLAR_MASS;
	bodies[0].v[1] = -py / SOLAR_MASS;
	bodies[0].v[2] = -pz / SOLAR_MASS;
	printf("energy before %.9f\n", energy());
	for (unsigned long s = 0; s < steps; s++)
		advance(0.01);
	printf("energy after  %.9f\n", energy());
	printf("spectral norm %.9f\n", spectral_norm(n));
	return 0;
}
