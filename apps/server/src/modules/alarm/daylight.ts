import SunCalc from 'suncalc';

/** The sun's altitude in degrees at a place and time (negative below the horizon). */
export function sunAltitude(at: Date, latitude: number, longitude: number): number {
  return (SunCalc.getPosition(at, latitude, longitude).altitude * 180) / Math.PI;
}

/**
 * How high the sun must stand before a PV plant is expected to produce and to be awake: at 10° even an
 * overcast sky gives a few per cent of the rated power, and inverters that sleep at night have woken.
 */
export const DAYLIGHT_ALTITUDE = 10;

/**
 * Whether the sun stands high enough at the plant. A plant without coordinates counts as in daylight
 * from 08:00 to 16:00 of its own time zone, so that it is not left unwatched.
 */
export function isDaylight(
  at: Date,
  plant: { latitude: number | null; longitude: number | null; timezone: string },
): boolean {
  if (plant.latitude === null || plant.longitude === null) {
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', {
        hour: 'numeric',
        hourCycle: 'h23',
        timeZone: plant.timezone,
      }).format(at),
    );
    return hour >= 8 && hour < 16;
  }
  return sunAltitude(at, plant.latitude, plant.longitude) >= DAYLIGHT_ALTITUDE;
}
