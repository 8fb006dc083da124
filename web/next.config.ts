import type { NextConfig } from 'next';

// Static export: `bazaar serve` serves out/ and answers the API on the same origin.
const nextConfig: NextConfig = {
  output: 'export',
  trailingSlash: true,
  images: { unoptimized: true },
  reactStrictMode: true,
};

export default nextConfig;
