package httpapi

// originalCacheControl is how an uploaded original that visitors may still
// get is cached: by the visitor's own browser for a day, never by a shared
// cache (a CDN or proxy). An original turns private once its renditions are
// ready (an image at once); a shared cache holding it "public" would go on
// serving it to everyone for the rest of the day. Processed files under
// /media/ never change and stay public and immutable.
const originalCacheControl = "private, max-age=86400"
