module.exports = {
  presets: [['babel-preset-gatsby', { reactRuntime: 'automatic' }], '@babel/preset-typescript'],
  plugins: ['babel-plugin-styled-components'],
};
