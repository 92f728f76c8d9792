declare module 'geoip-country' {
  interface GeoCountry {
    country: string;
    range: [number, number];
  }
  const geoip: { lookup(ip: string): GeoCountry | null };
  export default geoip;
}
