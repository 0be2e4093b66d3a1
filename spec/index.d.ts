/** Absolute path of the generated OpenAPI 3.0 document (the one every tool reads). */
export declare const openapiPath: string;
