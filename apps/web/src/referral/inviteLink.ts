/**
 * The link to share, whole: the server gives it on its public origin, or as a path alone when it has
 * none set (then the origin the app was opened on is the one friends can reach).
 */
export function shareableLink(link: string, origin: string): string {
  return link.startsWith('/') ? `${origin}${link}` : link;
}
