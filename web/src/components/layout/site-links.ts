/**
 * The footer's link groups (SPEC §2 "Footer"), limited to routes that exist. Shop links
 * (products, categories, wishlist) and social links are added when those exist.
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

export const FOOTER_LINK_GROUPS: readonly SiteLinkGroup[] = [
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
