import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, tileSource } from './config.ts';

/** The error loadConfig throws for an environment, or fails the test when it throws nothing. */
function errorFor(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('MAP_TILE_URL: OpenStreetMap by default, none, or an http(s) URL or path with {z}, {x} and {y}', () => {
    expect(loadConfig({}).MAP_TILE_URL).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(loadConfig({ MAP_TILE_URL: 'none' }).MAP_TILE_URL).toBe('none');
    expect(loadConfig({ MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' }).MAP_TILE_URL).toBe(
      '/tiles/{z}/{x}/{y}.png',
    );
    const sub = 'https://{s}.tiles.example.org/{z}/{x}/{y}.png';
    expect(loadConfig({ MAP_TILE_URL: sub }).MAP_TILE_URL).toBe(sub);
    for (const bad of [
      'ftp://x/{z}/{x}/{y}',
      'https://x.org/tile.png',
      '//x.org/{z}/{x}/{y}',
      'javascript:{z}{x}{y}',
    ])
      expect(errorFor({ MAP_TILE_URL: bad }).message).toMatch(/\bMAP_TILE_URL\b/);
  });

  it("tileSource: the tile host for the CSP, a {s} sub-domain as a wildcard, nothing for this server's own", () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileSource('https://{s}.tiles.example.org:8443/{z}/{x}/{y}.png')).toBe(
      'https://*.tiles.example.org:8443',
    );
    expect(tileSource('http://tiles-{s}.example.org/{z}/{x}/{y}.png')).toBe('http:');
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
    expect(tileSource('none')).toBeNull();
  });

  it('refuses a PORT that is not a number, naming the variable and the value', () => {
    const err = errorFor({ PORT: 'abc' });
    expect(err.message).toMatch(/\bPORT\b/);
    expect(err.message).toContain('"abc"');
    expect(errorFor({ PORT: '70000' }).message).toMatch(/\bPORT\b/);
  });

  it('refuses a DATABASE_URL that is not PostgreSQL, naming the variable', () => {
    const err = errorFor({ DATABASE_URL: 'mysql://x' });
    expect(err.message).toMatch(/\bDATABASE_URL\b/);
    expect(err.message).not.toMatch(/\bPORT\b/);
    expect(errorFor({ DATABASE_URL: 'not a url' }).message).toMatch(/\bDATABASE_URL\b/);
  });

  it('refuses a DEMO that is not a yes/no value, naming the variable', () => {
    const err = errorFor({ DEMO: 'maybe' });
    expect(err.message).toMatch(/\bDEMO\b/);
    expect(err.message).toContain('"maybe"');
  });

  it('MQTT_AUTH=dynsec needs the admin in MQTT_URL and a service password; the HTTP auth secret is long', () => {
    expect(errorFor({ MQTT_AUTH: 'mosquitto' }).message).toMatch(/\bMQTT_AUTH\b/);
    const bare = errorFor({ MQTT_AUTH: 'dynsec', MQTT_URL: 'mqtt://broker:1883' }).message;
    expect(bare).toMatch(/\bMQTT_URL\b.*admin/);
    expect(bare).toMatch(/\bMQTT_SERVICE_PASSWORD\b/);
    expect(errorFor({ MQTT_AUTH: 'dynsec' }).message).toMatch(/\bMQTT_URL\b/);
    const ok = loadConfig({
      MQTT_AUTH: 'dynsec',
      MQTT_URL: 'mqtt://admin:pw@broker:1883',
      MQTT_SERVICE_PASSWORD: 'service-secret',
    });
    expect(ok.MQTT_AUTH).toBe('dynsec');
    expect(loadConfig({}).MQTT_AUTH).toBe('external');
    expect(errorFor({ MQTT_HTTP_AUTH_SECRET: 'short' }).message).toMatch(/\bMQTT_HTTP_AUTH_SECRET\b/);
  });

  it('names every bad variable at once', () => {
    const err = errorFor({ PORT: 'abc', DEMO: 'maybe', SMTP_URL: 'http://mail' });
    for (const name of ['PORT', 'DEMO', 'SMTP_URL']) expect(err.message).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it('has defaults: port 8080, title PVSTAR, demo on in development', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 8080,
      APP_TITLE: 'PVSTAR',
      SESSION_DAYS: 7,
      TRUST_PROXY: false,
      demo: true,
      production: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('turns demo mode off by default with a database of its own (DATABASE_URL), and DEMO=true still turns it on', () => {
    const deployed = { DATABASE_URL: 'postgres://u@db:5432/pv', MQTT_URL: 'mqtt://broker:1883' };
    expect(loadConfig(deployed)).toMatchObject({ demo: false, production: false });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/pv' }).demo).toBe(false);
    expect(loadConfig({ ...deployed, DEMO: 'true' }).demo).toBe(true);
    // The embedded default (npm start: no DATABASE_URL) keeps its demo, an empty value counting as unset.
    expect(loadConfig({ MQTT_URL: 'mqtt://broker:1883' }).demo).toBe(true);
    expect(loadConfig({ DATABASE_URL: '' }).demo).toBe(true);
  });

  it('turns demo mode off by default in production, and DEMO overrides either way', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ demo: false, production: true });
    expect(loadConfig({ NODE_ENV: 'production', DEMO: 'true' }).demo).toBe(true);
    expect(loadConfig({ DEMO: 'false' }).demo).toBe(false);
    expect(loadConfig({ DEMO: 'no' }).demo).toBe(false);
    expect(loadConfig({ DEMO: '1' }).demo).toBe(true);
  });

  it('has demo fleet defaults (20 plants every 10 s) and names a bad DEMO_PLANTS', () => {
    expect(loadConfig({})).toMatchObject({ DEMO_PLANTS: 20, DEMO_INTERVAL_SECONDS: 10, DEMO_FLEET: true });
    expect(loadConfig({ DEMO_PLANTS: '0', DEMO_FLEET: 'false' })).toMatchObject({
      DEMO_PLANTS: 0,
      DEMO_FLEET: false,
    });
    expect(errorFor({ DEMO_PLANTS: '-1' }).message).toMatch(/\bDEMO_PLANTS\b/);
    expect(errorFor({ DEMO_INTERVAL_SECONDS: '0' }).message).toMatch(/\bDEMO_INTERVAL_SECONDS\b/);
  });

  it('reads grid CO₂ factors per country and a default, and names a malformed list', () => {
    expect(loadConfig({ GRID_CO2_FACTORS: 'DE=0.363,PL=0.66', GRID_CO2_DEFAULT: '0.25' })).toMatchObject({
      GRID_CO2_FACTORS: { DE: 0.363, PL: 0.66 },
      GRID_CO2_DEFAULT: 0.25,
    });
    expect(loadConfig({}).GRID_CO2_FACTORS).toBeUndefined();
    for (const bad of ['de=0.3', 'DE:0.3', 'DE=0.3,', 'DEU=1', 'DE=-1'])
      expect(errorFor({ GRID_CO2_FACTORS: bad }).message).toMatch(/\bGRID_CO2_FACTORS\b/);
    expect(errorFor({ GRID_CO2_DEFAULT: 'lots' }).message).toMatch(/\bGRID_CO2_DEFAULT\b/);
  });

  it('keeps raw samples 400 days unless told, and at least a month', () => {
    expect(loadConfig({}).RAW_RETENTION_DAYS).toBe(400);
    expect(loadConfig({ RAW_RETENTION_DAYS: '731' }).RAW_RETENTION_DAYS).toBe(731);
    for (const bad of ['30', '1.5', 'forever'])
      expect(errorFor({ RAW_RETENTION_DAYS: bad }).message).toMatch(/\bRAW_RETENTION_DAYS\b/);
  });

  it('reads given values and treats empty ones as unset', () => {
    const config = loadConfig({
      PORT: '9090',
      APP_TITLE: 'SolarX',
      DATABASE_URL: 'postgres://u@db:5432/pv',
      SMTP_URL: 'smtp://mail:25',
      DEMO: '',
    });
    expect(config).toMatchObject({
      PORT: 9090,
      APP_TITLE: 'SolarX',
      DATABASE_URL: 'postgres://u@db:5432/pv',
      SMTP_URL: 'smtp://mail:25',
      demo: false,
    });
  });
});
