import config from '@emissor/eslint-config/base';

export default config;
