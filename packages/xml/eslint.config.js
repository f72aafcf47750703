import config from '@emissor/eslint-config/pure';

export default config;
