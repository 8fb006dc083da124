/**
 * The footer's link groups (SPEC §2 "Footer"), limited to routes that exist. The wishlist and
 * social links are added when those exist.
 * Hrefs end in "/" because the site is exported with trailingSlash.
 */
export interface SiteLink {
  href: string;
  label: string;
}

export interface SiteLinkGroup {
  heading: string;
  links: readonly SiteLink[];
}

/** The header's shop links (SPEC §2 "Navigation"). */
export const HEADER_LINKS: readonly SiteLink[] = [
  { href: '/daily-deals/', label: 'Daily Deals' },
  { href: '/products/?sort=newest', label: 'New' },
  { href: '/products/?sort=featured', label: 'Featured' },
  { href: '/categories/', label: 'Categories' },
];

export const FOOTER_LINK_GROUPS: readonly SiteLinkGroup[] = [
  {
    heading: 'Shop',
    links: [
      { href: '/products/', label: 'Products' },
      { href: '/categories/', label: 'Categories' },
    ],
  },
  {
    heading: 'Support',
    links: [
      { href: '/delivery-policy/', label: 'Delivery Policy' },
      { href: '/returns/', label: 'Returns' },
      { href: '/help/', label: 'Help' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { href: '/welcome/', label: 'Welcome' },
      { href: '/about/', label: 'About Us' },
      { href: '/contact/', label: 'Contact' },
      { href: '/seller-signup/', label: 'Register as Vendor' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { href: '/privacy/', label: 'Privacy Policy' },
      { href: '/terms/', label: 'Terms of Service' },
    ],
  },
];
