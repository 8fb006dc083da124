/** The networks a store may link to (the API refuses any other), in the order pages show them. */
export const SOCIAL_NETWORKS = ['website', 'instagram', 'facebook', 'x', 'tiktok', 'youtube'] as const;

export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  website: 'Website',
  instagram: 'Instagram',
  facebook: 'Facebook',
  x: 'X',
  tiktok: 'TikTok',
  youtube: 'YouTube',
};

/**
 * A store's links that may be shown, in page order: known networks with https addresses only
 * (the API accepts nothing else; this keeps anything odd off the page all the same).
 */
export function visibleSocialLinks(links: Readonly<Record<string, string>>): { network: SocialNetwork; label: string; url: string }[] {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const url = links[network]?.trim();
    return url && url.startsWith('https://') ? [{ network, label: SOCIAL_LABELS[network], url }] : [];
  });
}
