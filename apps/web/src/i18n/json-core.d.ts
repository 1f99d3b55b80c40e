declare module '*.json?core' {
  const messages: Record<string, string>;
  export default messages;
}
