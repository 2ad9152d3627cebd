// The two maintained domain lists ship without type declarations: each is a plain array of domains.
declare module 'email-providers' {
  const domains: string[];
  export default domains;
}
declare module 'disposable-email-domains' {
  const domains: string[];
  export default domains;
}
